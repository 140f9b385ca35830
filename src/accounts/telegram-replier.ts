import { type Api, GrammyError } from "grammy";
import type { Logger } from "../log/logger.js";
import type { Replier, RichAlternative, SendOptions, SentMessages } from "../core/replier.js";
import type { Journal } from "./journal/journal.js";
import { answerCallbackQuery } from "./answer-callback.js";
import { describeForbidden } from "./forbidden.js";
import { type OpenStream, openAnswerStream } from "./answer-stream.js";
import { createReplyDedupe, type ReplyDedupe } from "./reply-dedupe.js";
import type { StreamEvents } from "./stream-events.js";
import type { StreamStops } from "./stream-stops.js";
import { isRichRefusal, type RichGate } from "./rich-gate.js";
import { acknowledge, showTyping } from "./reply-signals.js";
import {
  type ApiSendOptions,
  createReplySender,
  type InlineKeyboardMarkup,
  type ReplyPlace,
  type ReplySender,
  TopicRefused,
} from "./reply-sender.js";

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
  /** The account's stoppable drafts; without it no answer is streamed (no `stream`). */
  stops?: StreamStops;
  /** A placeholder message or edit to the chat would go at once, leaving room for the answer (the pacer). */
  mayShow?: (chatId: number) => boolean;
  /** Told what each answer's stream did (the metrics). */
  onStream?: StreamEvents;
}

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
 * following chunks use too (reply-sender.ts).
 */
export function createReplier(deps: ReplierDeps, target: ReplyTarget): Replier {
  const place: ReplyPlace = { chatId: target.chatId, threadId: target.threadId };
  const sender = createReplySender(deps, place);
  let streaming: OpenStream | undefined;
  const { stops } = deps;
  const updateId = target.updateId;
  return {
    async send(chunks, sendOptions) {
      if (target.turn) await target.turn;
      // A draft or an edit still under way must not land after the answer.
      await streaming?.quiet();
      return sendChunks({ deps, target, place, sender }, chunks, sendOptions);
    },
    ...(stops && updateId !== undefined
      ? {
          stream: (options: { rich: boolean }) =>
            (streaming = openAnswerStream(
              { ...deps, stops },
              {
                updateId,
                chatId: place.chatId,
                ...(target.messageId !== undefined ? { messageId: target.messageId } : {}),
                ...(place.threadId !== undefined ? { threadId: place.threadId } : {}),
              },
              options,
            )),
        }
      : {}),
    // Never waits for the chat's turn: Telegram takes the answer only within about 10 s.
    answerCallback: (queryId, text) => answerCallbackQuery(deps.api, deps.log, queryId, text),
    acknowledge: (emoji) => acknowledge(deps, { chatId: place.chatId, messageId: target.messageId }, emoji),
    typing: () => showTyping(deps.api, place),
  };
}

interface SendContext {
  deps: ReplierDeps;
  target: ReplyTarget;
  place: ReplyPlace;
  sender: ReplySender;
}

/**
 * Sends a reply's chunks in order, each at most once across restarts (reply-dedupe.ts), the first
 * in place of `replaces` when Telegram can edit it; a chunk whose HTML Telegram refuses is sent
 * once more as plain text. A refused topic or a chat that blocked the bot ends the reply (logged).
 */
async function sendChunks(
  { deps, target, place, sender }: SendContext,
  chunks: readonly string[],
  sendOptions: SendOptions | undefined,
): Promise<SentMessages | undefined> {
  const progress = createReplyDedupe(deps.journal, target.updateId);
  let sent: SentMessages | undefined;
  const messageIds: number[] = [];
  const replaces = sendOptions?.replaces;
  const deliver = async (index: number, text: string, options: ApiSendOptions): Promise<void> => {
    if (index === 0 && replaces !== undefined && (await sender.edit(replaces, text, options))) {
      messageIds.push(replaces);
      sent = { messageId: replaces, messageIds };
      return;
    }
    const messageId = await sender.send(text, options);
    messageIds.push(messageId);
    if (index === 0) sent = { messageId, messageIds };
  };
  const optionsFor = (index: number, last: boolean): ApiSendOptions => ({
    parse_mode: "HTML" as const,
    link_preview_options: { is_disabled: true },
    ...(index === 0 && target.messageId !== undefined && place.chatId === target.chatId
      ? { reply_parameters: { message_id: target.messageId, allow_sending_without_reply: true } }
      : {}),
    ...(place.threadId !== undefined ? { message_thread_id: place.threadId } : {}),
    ...(sendOptions?.buttons && last ? { reply_markup: inlineKeyboard(sendOptions.buttons) } : {}),
  });
  const rich = sendOptions?.rich;
  // Not tried when a chunk of this reply went out before a restart: the reply goes on as it began.
  if (rich && deps.rich?.open() && chunks.every((_, index) => !progress.alreadySent(index))) {
    try {
      const richSent = await sendRich(
        { deps, sender, progress },
        chunks.length,
        rich,
        replaces,
        optionsFor(0, true),
      );
      if (richSent) return richSent;
    } catch (error) {
      if (!dropsReply(deps.log, place, error, chunks.length)) throw error;
      return undefined;
    }
  }
  for (const [index, chunk] of chunks.entries()) {
    if (progress.alreadySent(index)) continue;
    const options = optionsFor(index, index === chunks.length - 1);
    progress.sending(index);
    try {
      await orAsPlain(deps, (text, opts) => deliver(index, text, opts), chunk, options);
    } catch (error) {
      if (!dropsReply(deps.log, place, error, chunks.length - index)) throw error;
      return sent;
    }
    progress.sent(index);
  }
  return sent;
}

/**
 * The reply as one rich message, in place of all its chunks (the first chunk's place: reply target,
 * topic, the buttons under it; an edit when it replaces a message). Every chunk is then marked sent,
 * so a replay never sends the HTML too. Undefined when Telegram refused rich messages: the gate
 * closes (logged once) and the caller sends the chunks at once.
 */
async function sendRich(
  { deps, sender, progress }: { deps: ReplierDeps; sender: ReplySender; progress: ReplyDedupe },
  chunkCount: number,
  rich: RichAlternative,
  replaces: number | undefined,
  options: ApiSendOptions,
): Promise<SentMessages | undefined> {
  progress.sending(0);
  let messageId: number;
  try {
    messageId =
      replaces !== undefined && (await sender.editRich(replaces, rich, options))
        ? replaces
        : await sender.sendRich(rich, options);
  } catch (error) {
    if (!isRichRefusal(error)) throw error;
    deps.rich?.refused(error);
    return undefined;
  }
  for (let index = 0; index < chunkCount; index++) progress.sent(index);
  return { messageId, messageIds: [messageId] };
}

/**
 * A failure that drops what is left of the reply (`remaining` messages), logged here: the forum
 * topic refused (never posted in General instead), or the chat forbids the bot.
 */
function dropsReply(log: Logger, place: ReplyPlace, error: unknown, remaining: number): boolean {
  if (error instanceof TopicRefused) {
    log.warn(
      { chatId: place.chatId, threadId: error.threadId, reason: error.reason, chunks: remaining },
      "Telegram refused the forum topic of the reply (closed or deleted); the reply is dropped, not posted in General",
    );
    return true;
  }
  if (error instanceof GrammyError && error.error_code === 403) {
    log.info(
      { chatId: place.chatId, reason: error.description },
      `cannot reply: ${describeForbidden(error.description)}`,
    );
    return true;
  }
  return false;
}

/** Delivers a chunk; when Telegram refuses its HTML, once more as plain text. */
async function orAsPlain(
  deps: Pick<ReplierDeps, "log" | "toPlain">,
  deliver: (text: string, options: ApiSendOptions) => Promise<void>,
  text: string,
  options: ApiSendOptions,
): Promise<void> {
  try {
    await deliver(text, options);
  } catch (error) {
    const badHtml =
      error instanceof GrammyError &&
      error.error_code === 400 &&
      /can't parse entities/i.test(error.description);
    if (!badHtml) throw error;
    deps.log.warn({ err: error }, "Telegram refused the HTML of a reply; sending it as plain text");
    const { parse_mode: _drop, ...plain } = options;
    await deliver(deps.toPlain(text), plain);
  }
}

function inlineKeyboard(rows: NonNullable<SendOptions["buttons"]>): InlineKeyboardMarkup {
  return { inline_keyboard: rows.map((row) => row.map((b) => ({ text: b.text, callback_data: b.data }))) };
}
