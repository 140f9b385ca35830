import { type Api, GrammyError } from "grammy";
import type { RichAlternative } from "../core/replier.js";
import type { Logger } from "../log/logger.js";
import { isRichRefusal } from "./rich-gate.js";

/** A 400 refusing the forum topic the reply was to land in: closed or deleted. */
const TOPIC_REFUSED = /message thread not found|TOPIC_CLOSED|TOPIC_DELETED/i;
/** A 400 about where the reply was to land: the topic, or the message it replies to. */
const BAD_PLACE = new RegExp(
  `${TOPIC_REFUSED.source}|message to be replied not found|replied message not found`,
  "i",
);

/**
 * Telegram refused the question's forum topic. The reply is dropped rather than posted in General:
 * it may come from that topic's own agent, and General may be closed to the bot (`enabled: false`).
 */
export class TopicRefused extends Error {
  constructor(
    readonly threadId: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export type InlineKeyboardMarkup = {
  inline_keyboard: Array<Array<{ text: string; callback_data: string }>>;
};

export type ApiSendOptions = {
  parse_mode?: "HTML";
  link_preview_options?: { is_disabled: boolean };
  reply_parameters?: { message_id: number; allow_sending_without_reply: boolean };
  message_thread_id?: number;
  reply_markup?: InlineKeyboardMarkup;
};

/** Where the messages of one reply go: moved to the new id when Telegram says the group was upgraded. */
export interface ReplyPlace {
  chatId: number;
  /** A forum topic's thread (never General's). */
  threadId: number | undefined;
}

export interface ReplySender {
  /**
   * Sends one message where the reply goes and resolves to its id. A 400 saying the group was
   * upgraded is tried once more to the new id (reported through onMigrated, and `place` moves
   * there, without the topic); a 400 refusing the topic rejects with TopicRefused; a 400 about
   * the replied message is tried once more without the reply target. Other failures reject.
   */
  send(text: string, options: ApiSendOptions): Promise<number>;
  /**
   * Puts the text in place of an earlier message of the bot. True when the message now shows it
   * (also when it already did: 400 "message is not modified"); false when Telegram cannot edit
   * that message (the caller sends it as a new one). An HTML parse error rejects.
   */
  edit(messageId: number, text: string, options: ApiSendOptions): Promise<boolean>;
  /** `send` for a rich message (sendRichMessage); a refusal of the rich content rejects (rich-gate.ts). */
  sendRich(rich: RichAlternative, options: ApiSendOptions): Promise<number>;
  /** `edit` with a rich message (editMessageText with rich_message); a refusal of the rich content rejects. */
  editRich(messageId: number, rich: RichAlternative, options: ApiSendOptions): Promise<boolean>;
}

/** Sends one message to `chat` with these options; resolves to Telegram's message. */
type SendCall = (chat: number, options: ApiSendOptions) => Promise<{ message_id: number }>;
/** Edits message `id` of `chat` with these options. */
type EditCall = (chat: number, id: number, options: ApiSendOptions) => Promise<unknown>;

export function createReplySender(
  deps: { api: Api; log: Logger; onMigrated?: (oldChatId: number, newChatId: number) => void },
  place: ReplyPlace,
): ReplySender {
  const { api, log } = deps;
  async function sendWith(call: SendCall, options: ApiSendOptions): Promise<number> {
    try {
      return (await call(place.chatId, options)).message_id;
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
      const movedTo = error.parameters?.migrate_to_chat_id;
      if (typeof movedTo === "number") {
        deps.onMigrated?.(place.chatId, movedTo);
        place.chatId = movedTo;
        place.threadId = undefined;
        return (await call(place.chatId, withoutPlace(options))).message_id;
      }
      const thread = options.message_thread_id;
      if (thread !== undefined && TOPIC_REFUSED.test(error.description)) {
        throw new TopicRefused(thread, error.description);
      }
      if (BAD_PLACE.test(error.description) && options.reply_parameters) {
        log.warn(
          { chatId: place.chatId, threadId: thread, reason: error.description },
          "Telegram refused the reply's target; sending it once more, not as a reply",
        );
        const { reply_parameters: _reply, ...rest } = options;
        return sendWith(call, rest);
      }
      throw error;
    }
  }
  async function editWith(call: EditCall, messageId: number, options: ApiSendOptions): Promise<boolean> {
    try {
      await call(place.chatId, messageId, withoutPlace(options));
      return true;
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
      if (/message is not modified/i.test(error.description)) return true;
      if (/can't parse entities/i.test(error.description) || isRichRefusal(error)) throw error;
      log.info(
        { chatId: place.chatId, messageId, reason: error.description },
        "the earlier reply cannot be edited; the answer is sent as a new message",
      );
      return false;
    }
  }
  return {
    send: (text, options) => sendWith((chat, o) => api.sendMessage(chat, text, o), options),
    edit: (messageId, text, options) =>
      editWith((chat, id, o) => api.editMessageText(chat, id, text, o), messageId, options),
    sendRich: (rich, options) =>
      sendWith((chat, o) => api.sendRichMessage(chat, rich, richOptions(o)), options),
    editRich: (messageId, rich, options) =>
      editWith(
        (chat, id, o) =>
          api.raw.editMessageText({ chat_id: chat, message_id: id, rich_message: rich, ...richOptions(o) }),
        messageId,
        options,
      ),
  };
}

/** The options of a rich message: sendRichMessage takes no parse mode nor link preview options. */
function richOptions(options: ApiSendOptions): Omit<ApiSendOptions, "parse_mode" | "link_preview_options"> {
  const { parse_mode: _mode, link_preview_options: _preview, ...rest } = options;
  return rest;
}

/** The send options without where the message goes in the chat (topic and reply target). */
function withoutPlace(options: ApiSendOptions): ApiSendOptions {
  const { reply_parameters: _reply, message_thread_id: _thread, ...rest } = options;
  return rest;
}
