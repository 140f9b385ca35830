import { type Api, GrammyError } from "grammy";
import type { AnswerStream } from "../core/replier.js";
import type { Logger } from "../log/logger.js";
import type { Journal } from "./journal/journal.js";
import type { RichGate } from "./rich-gate.js";
import type { StreamEvents } from "./stream-events.js";
import type { StreamStops } from "./stream-stops.js";
import { createStreamThrottle } from "./stream-throttle.js";

/**
 * Drafts in a private chat: at most one every 750 ms. A draft is no message (no flood limit of
 * the chat is documented for it, and the outgoing queue does not pace it), so the bound is ours:
 * fast enough to read as live typing, few enough calls for a bot with many chats at once.
 */
export const DRAFT_INTERVAL_MS = 750;
/**
 * A group's placeholder: sent only once the answer took 1.5 s (a quicker answer needs none), then
 * edited at most every 3 s, a group's sustained pace (20 messages a minute), and only when the
 * outgoing queue has room for the edit and for the answer after it (`mayShow`).
 */
export const PLACEHOLDER_FIRST_MS = 1500;
export const PLACEHOLDER_INTERVAL_MS = 3000;
/** Longest text shown while streaming (Telegram takes 4096 characters in a draft or a message). */
const SHOWN_CHARS = 4000;

export interface AnswerStreamDeps {
  api: Api;
  log: Logger;
  journal: Pick<Journal, "placeholder" | "markPlaceholder" | "sentChunks">;
  stops: StreamStops;
  rich?: RichGate;
  /** A message (or an edit) to the chat would go at once and leave room for the answer after it. */
  mayShow?: (chatId: number) => boolean;
  /** Told what the stream did (the metrics). */
  onStream?: StreamEvents;
}

export interface StreamTarget {
  updateId: number;
  chatId: number;
  messageId?: number;
  threadId?: number;
}

/** The stream as the replier holds it: `quiet` ends the showing before the answer is sent. */
export interface OpenStream extends AnswerStream {
  /** No more drafts or edits; resolves once a call under way ended (so the answer comes after it). */
  quiet(): Promise<void>;
}

/** A draft's id for an update: non-zero, the same across a restart (Telegram animates the change). */
export function draftIdOf(updateId: number): number {
  return updateId % 2_147_483_647 || 1;
}

/**
 * The stream of one answer: `sendMessageDraft` (or `sendRichMessageDraft` when the account sends
 * rich messages) with the stop button in a private chat; in a group, a silent placeholder reply
 * edited as the answer grows and deleted once the answer is sent (the answer itself is a new
 * message: it notifies the asker with its text, and it is what the reply memory, edits and
 * reactions know). The placeholder's id is kept in the journal, so after a kill -9 the replayed
 * update takes it over and deletes it. A replay whose answer was already sent shows nothing.
 */
export function openAnswerStream(
  deps: AnswerStreamDeps,
  target: StreamTarget,
  options: { rich: boolean },
): OpenStream {
  const answered = deps.journal.sentChunks(target.updateId).size > 0;
  if (!answered) deps.onStream?.({ event: "opened", kind: target.chatId > 0 ? "draft" : "placeholder" });
  return target.chatId > 0
    ? draftStream(deps, target, options, answered)
    : placeholderStream(deps, target, answered);
}

/** A group's placeholder: sent once the answer took a while, edited at the chat's pace, deleted after the answer. */
function placeholderStream(deps: AnswerStreamDeps, target: StreamTarget, answered: boolean): OpenStream {
  const { log, journal } = deps;
  const tell = deps.onStream ?? (() => {});
  let placeholder = journal.placeholder(target.updateId);
  const throttle = createStreamThrottle(
    async (text) => {
      const shown = clip(text);
      if (placeholder !== undefined) {
        await editPlaceholder(deps.api, target, placeholder, shown);
        return tell({ event: "shown", call: "edit" });
      }
      placeholder = await sendPlaceholder(deps.api, target, shown);
      journal.markPlaceholder(target.updateId, placeholder);
      tell({ event: "shown", call: "placeholder" });
    },
    {
      intervalMs: PLACEHOLDER_INTERVAL_MS,
      firstAfterMs: PLACEHOLDER_FIRST_MS,
      showEmpty: false,
      ...(deps.mayShow ? { mayShow: () => deps.mayShow!(target.chatId) } : {}),
      onFailure: (error) => {
        tell({ event: "failed", kind: "placeholder" });
        log.info({ reason: reasonOf(error) }, "the answer's placeholder stopped");
      },
    },
  );
  return {
    show: (text) => (answered ? undefined : throttle.push(text)),
    // No stop button in a group.
    stopped: new AbortController().signal,
    quiet: () => throttle.stop(),
    async close() {
      await throttle.stop();
      if (placeholder === undefined) return;
      try {
        await deps.api.deleteMessage(target.chatId, placeholder);
        tell({ event: "cleared", outcome: "deleted" });
      } catch (error) {
        tell({ event: "cleared", outcome: "left" });
        log.info(
          { messageId: placeholder, reason: reasonOf(error) },
          "the answer's placeholder was not deleted",
        );
      }
      journal.markPlaceholder(target.updateId, undefined);
      placeholder = undefined;
    },
  };
}

/** A private chat's drafts, with the stop button; a stop aborts `stopped`. */
function draftStream(
  deps: AnswerStreamDeps,
  target: StreamTarget,
  options: { rich: boolean },
  answered: boolean,
): OpenStream {
  const draftId = draftIdOf(target.updateId);
  const controller = new AbortController();
  const unregister = deps.stops.register(target.chatId, draftId, controller);
  const thread = target.threadId !== undefined ? { message_thread_id: target.threadId } : {};
  const common = { chat_id: target.chatId, draft_id: draftId, can_stop: true, ...thread };
  const throttle = createStreamThrottle(
    async (text) => {
      if (options.rich && deps.rich?.open() !== false)
        await deps.api.raw.sendRichMessageDraft({ ...common, rich_message: richDraft(text) });
      else await deps.api.raw.sendMessageDraft({ ...common, text: clip(text) });
      deps.onStream?.({ event: "shown", call: "draft" });
    },
    {
      intervalMs: DRAFT_INTERVAL_MS,
      showEmpty: true,
      onFailure: (error) => {
        deps.onStream?.({ event: "failed", kind: "draft" });
        deps.log.info({ reason: reasonOf(error) }, "the answer's draft stopped");
      },
    },
  );
  const quiet = async () => {
    unregister();
    await throttle.stop();
  };
  return {
    show: (text) => (answered || controller.signal.aborted ? undefined : throttle.push(text)),
    stopped: controller.signal,
    quiet,
    // The answer sent to the chat ends the draft (Telegram); a draft nobody answered ends in 30 s.
    close: quiet,
  };
}

async function sendPlaceholder(api: Api, target: StreamTarget, text: string): Promise<number> {
  const sent = await api.sendMessage(target.chatId, text, {
    // Silent: the answer, sent after it, is what notifies the asker.
    disable_notification: true,
    link_preview_options: { is_disabled: true },
    ...(target.messageId !== undefined
      ? { reply_parameters: { message_id: target.messageId, allow_sending_without_reply: true } }
      : {}),
    ...(target.threadId !== undefined ? { message_thread_id: target.threadId } : {}),
  });
  return sent.message_id;
}

async function editPlaceholder(api: Api, target: StreamTarget, id: number, text: string): Promise<void> {
  try {
    await api.editMessageText(target.chatId, id, text, { link_preview_options: { is_disabled: true } });
  } catch (error) {
    if (error instanceof GrammyError && /message is not modified/i.test(error.description)) return;
    throw error;
  }
}

/** The text as streamed: at most SHOWN_CHARS characters, "…" when cut. */
function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= SHOWN_CHARS ? trimmed : `${trimmed.slice(0, SHOWN_CHARS)}…`;
}

/** A rich draft: the text's paragraphs, or Telegram's "Thinking…" block before any text. */
function richDraft(text: string) {
  const paragraphs = clip(text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (paragraphs.length === 0) return { blocks: [{ type: "thinking" as const, text: "Thinking…" }] };
  return { blocks: paragraphs.map((p) => ({ type: "paragraph" as const, text: p })) };
}

function reasonOf(error: unknown): string {
  return error instanceof GrammyError ? error.description : String(error);
}
