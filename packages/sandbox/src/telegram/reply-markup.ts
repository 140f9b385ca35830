import { badRequest } from "./errors.js";
import { jsonParam } from "./params.js";

/** An inline keyboard as the sandbox keeps it (Bot API `InlineKeyboardMarkup`, the fields modelled). */
export interface InlineKeyboard {
  inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>>;
}

/** Telegram's limit on `callback_data`, in bytes of UTF-8. */
export const CALLBACK_DATA_MAX_BYTES = 64;

/**
 * The `reply_markup` of sendMessage or editMessageText, checked as Telegram does: an inline
 * keyboard is rows of buttons, each with a non-empty text and exactly one action; the sandbox
 * models `callback_data` (1–64 bytes, else 400 BUTTON_DATA_INVALID) and `url`. Other markups
 * (reply keyboards, force_reply) are accepted and not kept. Undefined when absent.
 */
export function readReplyMarkup(params: Record<string, unknown>): InlineKeyboard | undefined {
  const markup = jsonParam(params, "reply_markup");
  if (markup === undefined) return undefined;
  if (markup === null || typeof markup !== "object")
    throw badRequest("can't parse reply keyboard markup JSON object");
  const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (rows === undefined) return undefined;
  if (!Array.isArray(rows) || rows.some((row) => !Array.isArray(row))) {
    throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
  }
  return {
    inline_keyboard: (rows as unknown[][]).map((row) =>
      row.map((raw) => {
        const button = (raw ?? {}) as { text?: unknown; callback_data?: unknown; url?: unknown };
        if (typeof button.text !== "string" || button.text.trim() === "")
          throw badRequest("BUTTON_TEXT_INVALID");
        if (typeof button.callback_data === "string") {
          const bytes = Buffer.byteLength(button.callback_data, "utf8");
          if (bytes < 1 || bytes > CALLBACK_DATA_MAX_BYTES) throw badRequest("BUTTON_DATA_INVALID");
          return { text: button.text, callback_data: button.callback_data };
        }
        if (typeof button.url === "string") {
          if (!/^(https?|tg):\/\//i.test(button.url)) throw badRequest("BUTTON_URL_INVALID");
          return { text: button.text, url: button.url };
        }
        throw badRequest(
          "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
        );
      }),
    ),
  };
}
