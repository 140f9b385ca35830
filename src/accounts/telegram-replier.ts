import { type Api, GrammyError } from "grammy";
import type { ReactionType } from "grammy/types";
import type { Logger } from "../log/logger.js";
import type { Replier, RichAlternative, SendOptions, SentReply } from "../core/replier.js";
import type { Journal } from "./journal.js";
import { answerCallbackQuery } from "./answer-callback.js";
import { describeForbidden } from "./forbidden.js";
import { createReplyDedupe } from "./reply-dedupe.js";
import { isRichRefusal, type RichGate } from "./rich-gate.js";

/** How long an answer may take before "typing…" is shown. */
export const TYPING_DELAY_MS = 300;

export interface ReplierDeps {
  api: Api;
  journal: Journal;
  log: Logger;
  /** Turns a chunk's HTML into plain text for the parse-error fallback. */
  toPlain: (html: string) => string;
  /** Telegram said the group was upgraded (400 with migrate_to_chat_id): the reply went to the new id. */
  onMigrated?: (oldChatId: number, newChatId: number) => void;
  /** Telegram refused setMessageReaction (the acknowledgement); the caller decides how loud to log. */
  onReactionFailed?: (error: unknown) => void;
  /** Whether the account still tries rich messages (SendOptions.rich); without it they are never sent. */
  rich?: RichGate;
}

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
class TopicRefused extends Error {
  constructor(
    readonly threadId: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

type ApiSendOptions = {
  parse_mode?: "HTML";
  link_preview_options: { is_disabled: boolean };
  reply_parameters?: { message_id: number; allow_sending_without_reply: boolean };
  message_thread_id?: number;
  reply_markup?: InlineKeyboardMarkup;
};

type InlineKeyboardMarkup = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

/** Sends one message to `chat` with these options; resolves to Telegram's message. */
type SendCall = (chat: number, options: ApiSendOptions) => Promise<{ message_id: number }>;
/** Edits message `id` of `chat` with these options. */
type EditCall = (chat: number, id: number, options: ApiSendOptions) => Promise<unknown>;

/** Where a reply goes, and when it may go. */
export interface ReplyTarget {
  updateId?: number;
  chatId: number;
  messageId?: number;
  threadId?: number;
  /**
   * The update's turn in its chat (accounts/chat-order.ts): messages wait for it, so a reply keeps
   * the chat's order even when the update was let run early (a button tap). Never rejects.
   */
  turn?: Promise<void>;
}

/**
 * Replies where the question was: the first chunk as a reply to it, every chunk in its forum topic
 * (threadId is only ever a forum topic's, never General). Contract, besides Replier's: a 400
 * refusing the topic (closed, deleted) drops the reply, this chunk and the following ones, with a
 * warning naming the chat and topic: it is never posted in General instead. A 400 about the
 * replied message is tried once more without the reply target (in the same topic); a 400 saying
 * the group was upgraded is tried once more to the new id (reported through onMigrated), which the
 * following chunks use too.
 */
export function createReplier(deps: ReplierDeps, target: ReplyTarget): Replier {
  const { api, journal, log } = deps;
  let chatId = target.chatId;
  let threadId = target.threadId;

  /** Sends one message (`call`: sendMessage or sendRichMessage) where the reply goes; see createReplier. */
  async function sendOnce(call: SendCall, options: ApiSendOptions): Promise<number> {
    try {
      return (await call(chatId, options)).message_id;
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
      const movedTo = error.parameters?.migrate_to_chat_id;
      if (typeof movedTo === "number") {
        deps.onMigrated?.(chatId, movedTo);
        chatId = movedTo;
        threadId = undefined;
        return (await call(chatId, withoutPlace(options))).message_id;
      }
      const thread = options.message_thread_id;
      if (thread !== undefined && TOPIC_REFUSED.test(error.description)) {
        throw new TopicRefused(thread, error.description);
      }
      if (BAD_PLACE.test(error.description) && options.reply_parameters) {
        log.warn(
          { chatId, threadId: thread, reason: error.description },
          "Telegram refused the reply's target; sending it once more, not as a reply",
        );
        const { reply_parameters: _reply, ...rest } = options;
        return sendOnce(call, rest);
      }
      throw error;
    }
  }

  /**
   * The first chunk put in place of an earlier message of the bot. True when the message now
   * shows it (also when it already did: 400 "message is not modified"); false when Telegram
   * cannot edit that message (it is then sent as a new one).
   */
  async function editOnce(messageId: number, call: EditCall, options: ApiSendOptions): Promise<boolean> {
    const editOptions = withoutPlace(options);
    try {
      await call(chatId, messageId, editOptions);
      return true;
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
      if (/message is not modified/i.test(error.description)) return true;
      if (/can't parse entities/i.test(error.description) || isRichRefusal(error)) throw error;
      log.info(
        { chatId, messageId, reason: error.description },
        "the earlier reply cannot be edited; the answer is sent as a new message",
      );
      return false;
    }
  }

  /**
   * A failure that drops what is left of the reply (`remaining` messages), logged here: the
   * forum topic refused (never posted in General instead), or the chat forbids the bot.
   */
  function dropsReply(error: unknown, remaining: number): boolean {
    if (error instanceof TopicRefused) {
      log.warn(
        { chatId, threadId: error.threadId, reason: error.reason, chunks: remaining },
        "Telegram refused the forum topic of the reply (closed or deleted); the reply is dropped, not posted in General",
      );
      return true;
    }
    if (error instanceof GrammyError && error.error_code === 403) {
      log.info(
        { chatId, reason: error.description },
        `cannot reply: ${describeForbidden(error.description)}`,
      );
      return true;
    }
    return false;
  }

  return {
    async send(chunks, sendOptions) {
      if (target.turn) await target.turn;
      const progress = createReplyDedupe(journal, target.updateId);
      let sent: SentReply | undefined;
      const messageIds: number[] = [];
      const replaces = sendOptions?.replaces;
      const deliver = async (index: number, text: string, options: ApiSendOptions): Promise<void> => {
        const edit: EditCall = (chat, id, o) => api.editMessageText(chat, id, text, o);
        if (index === 0 && replaces !== undefined && (await editOnce(replaces, edit, options))) {
          messageIds.push(replaces);
          sent = { messageId: replaces, messageIds };
          return;
        }
        const messageId = await sendOnce((chat, o) => api.sendMessage(chat, text, o), options);
        messageIds.push(messageId);
        if (index === 0) sent = { messageId, messageIds };
      };
      /** A chunk whose HTML Telegram refuses is sent once more as plain text. */
      const deliverOrPlain = async (index: number, text: string, options: ApiSendOptions): Promise<void> => {
        try {
          await deliver(index, text, options);
        } catch (error) {
          const badHtml =
            error instanceof GrammyError &&
            error.error_code === 400 &&
            /can't parse entities/i.test(error.description);
          if (!badHtml) throw error;
          log.warn({ err: error }, "Telegram refused the HTML of a reply; sending it as plain text");
          const { parse_mode: _drop, ...plain } = options;
          await deliver(index, deps.toPlain(text), plain);
        }
      };
      const optionsFor = (index: number, last: boolean): ApiSendOptions => ({
        parse_mode: "HTML" as const,
        link_preview_options: { is_disabled: true },
        ...(index === 0 && target.messageId !== undefined && chatId === target.chatId
          ? { reply_parameters: { message_id: target.messageId, allow_sending_without_reply: true } }
          : {}),
        ...(threadId !== undefined ? { message_thread_id: threadId } : {}),
        ...(sendOptions?.buttons && last ? { reply_markup: inlineKeyboard(sendOptions.buttons) } : {}),
      });
      /**
       * The reply as one rich message, in place of every chunk. False when Telegram refused rich
       * messages (the gate closes; the chunks go out instead). Not tried when a chunk of this
       * reply was sent before a restart: the reply then goes on as it began.
       */
      const deliverRich = async (rich: RichAlternative): Promise<boolean> => {
        const options = optionsFor(0, true);
        const edit: EditCall = (chat, id, o) =>
          api.raw.editMessageText({ chat_id: chat, message_id: id, rich_message: rich, ...richOptions(o) });
        progress.sending(0);
        try {
          if (replaces !== undefined && (await editOnce(replaces, edit, options))) {
            sent = { messageId: replaces, messageIds: [replaces] };
          } else {
            const messageId = await sendOnce(
              (chat, o) => api.sendRichMessage(chat, rich, richOptions(o)),
              options,
            );
            sent = { messageId, messageIds: [messageId] };
          }
        } catch (error) {
          if (!isRichRefusal(error)) throw error;
          deps.rich?.refused(error);
          return false;
        }
        // One message holds the whole reply: no chunk of it is left to send on a replay.
        for (const index of chunks.keys()) progress.sent(index);
        return true;
      };
      const rich = sendOptions?.rich;
      if (rich && deps.rich?.open() && chunks.every((_, index) => !progress.alreadySent(index))) {
        try {
          if (await deliverRich(rich)) return sent;
        } catch (error) {
          if (!dropsReply(error, chunks.length)) throw error;
          return sent;
        }
      }
      for (const [index, chunk] of chunks.entries()) {
        if (progress.alreadySent(index)) continue;
        const options = optionsFor(index, index === chunks.length - 1);
        progress.sending(index);
        try {
          await deliverOrPlain(index, chunk, options);
        } catch (error) {
          if (!dropsReply(error, chunks.length - index)) throw error;
          return sent;
        }
        progress.sent(index);
      }
      return sent;
    },
    // Never waits for the chat's turn: Telegram takes the answer only within about 10 s.
    answerCallback: (queryId, text) => answerCallbackQuery(api, log, queryId, text),
    acknowledge(emoji) {
      const messageId = target.messageId;
      if (messageId === undefined) return () => {};
      const at = chatId;
      const refused = (error: unknown) => {
        deps.onReactionFailed?.(error);
        return false;
      };
      // The removal waits for the setting, so the two never cross; neither is awaited by the answer.
      const set = api
        .setMessageReaction(at, messageId, [{ type: "emoji", emoji } as ReactionType])
        .then(() => true, refused);
      return () => {
        void set.then((ok) => (ok ? api.setMessageReaction(at, messageId, []).catch(refused) : undefined));
      };
    },
    typing() {
      // Most answers are ready in milliseconds: show "typing…" only for a slow one, which saves
      // a Bot API call per message (Telegram's per-bot budget is about 30 calls a second). In a
      // forum topic the indicator belongs in that topic.
      const send = () => {
        const other = threadId !== undefined ? { message_thread_id: threadId } : {};
        api.sendChatAction(chatId, "typing", other).catch(() => {});
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

function inlineKeyboard(rows: NonNullable<SendOptions["buttons"]>): InlineKeyboardMarkup {
  return { inline_keyboard: rows.map((row) => row.map((b) => ({ text: b.text, callback_data: b.data }))) };
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
