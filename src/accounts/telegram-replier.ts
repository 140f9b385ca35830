import { type Api, GrammyError } from "grammy";
import type { Logger } from "../log/logger.js";
import type { Replier, SendOptions } from "../core/replier.js";
import type { Journal } from "./journal.js";
import { createReplyDedupe } from "./reply-dedupe.js";

/** How long an answer may take before "typing…" is shown. */
export const TYPING_DELAY_MS = 300;

export interface ReplierDeps {
  api: Api;
  journal: Journal;
  log: Logger;
  /** Turns a chunk's HTML into plain text for the parse-error fallback. */
  toPlain: (html: string) => string;
}

export function createReplier(
  deps: ReplierDeps,
  target: { updateId?: number; chatId: number; messageId?: number; threadId?: number },
): Replier {
  const { api, journal, log } = deps;
  return {
    async send(chunks, sendOptions) {
      const progress = createReplyDedupe(journal, target.updateId);
      for (const [index, chunk] of chunks.entries()) {
        if (progress.alreadySent(index)) continue;
        const options = {
          parse_mode: "HTML" as const,
          link_preview_options: { is_disabled: true },
          ...(index === 0 && target.messageId !== undefined
            ? { reply_parameters: { message_id: target.messageId, allow_sending_without_reply: true } }
            : {}),
          ...(target.threadId !== undefined ? { message_thread_id: target.threadId } : {}),
          ...(sendOptions?.buttons && index === chunks.length - 1
            ? { reply_markup: inlineKeyboard(sendOptions.buttons) }
            : {}),
        };
        progress.sending(index);
        try {
          await api.sendMessage(target.chatId, chunk, options);
        } catch (error) {
          if (!(error instanceof GrammyError)) throw error;
          if (error.error_code === 400 && /can't parse entities/i.test(error.description)) {
            log.warn({ err: error }, "Telegram refused the HTML of a reply; sending it as plain text");
            const { parse_mode: _drop, ...plain } = options;
            await api.sendMessage(target.chatId, deps.toPlain(chunk), plain);
          } else if (error.error_code === 403) {
            log.info(
              { chatId: target.chatId, reason: error.description },
              "cannot reply: the user blocked the bot",
            );
            return;
          } else throw error;
        }
        progress.sent(index);
      }
    },
    async answerCallback(queryId, text) {
      try {
        await api.answerCallbackQuery(queryId, text === undefined ? {} : { text });
      } catch (error) {
        if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
        // Telegram waits about 10 s for the answer; a late one is refused and nothing is lost.
        log.info({ reason: error.description }, "the button tap could not be answered: it is too old");
      }
    },
    typing() {
      // Most answers are ready in milliseconds: show "typing…" only for a slow one, which saves
      // a Bot API call per message (Telegram's per-bot budget is about 30 calls a second).
      const send = () => {
        api.sendChatAction(target.chatId, "typing").catch(() => {});
      };
      let interval: NodeJS.Timeout | undefined;
      const first = setTimeout(() => {
        send();
        interval = setInterval(send, 4500);
        interval.unref();
      }, TYPING_DELAY_MS);
      first.unref();
      return () => {
        clearTimeout(first);
        clearInterval(interval);
      };
    },
  };
}

function inlineKeyboard(rows: NonNullable<SendOptions["buttons"]>) {
  return { inline_keyboard: rows.map((row) => row.map((b) => ({ text: b.text, callback_data: b.data }))) };
}
