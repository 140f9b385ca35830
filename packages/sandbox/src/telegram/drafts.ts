import { chatForBot } from "./chat-access.js";
import type { ChatPlace } from "./chat-store.js";
import { badRequest, SandboxError } from "./errors.js";
import { codePoints, type FormattedText, MAX_TEXT, parseOutgoing } from "./format.js";
import type { Method } from "./method-types.js";
import { topicFor } from "./methods-messages.js";
import { boolParam, intParam, jsonParam } from "./params.js";
import { chatObject } from "./render.js";
import type { World } from "./world.js";

/**
 * Message drafts (Bot API 9.5 `sendMessageDraft`, 10.1 `sendRichMessageDraft`, 10.3 `can_stop`):
 * an ephemeral preview streamed to a private chat while a message is generated. A draft lives 30 s
 * after its last change, or until the bot sends a message to that chat; the user's stop button
 * (`can_stop`) sends the bot a `stopped_message_generation` update.
 */

/** How long a draft stays on screen after its last change, ms (Telegram: "a temporary 30-second preview"). */
export const DRAFT_LIFETIME_MS = 30_000;
/** How long a stopped draft with `keep_on_stop` stays ("a short while"), ms. */
export const KEPT_ON_STOP_MS = 5_000;
/** Telegram's answer to a draft for anything but a private chat. */
export const DRAFT_PEER_INVALID = "TEXTDRAFT_PEER_INVALID";

/** One draft call as the bot made it (the record tests read, in order). */
export interface DraftRecord {
  seq: number;
  bot: string;
  chatId: number;
  threadId?: number;
  draftId: number;
  method: "sendMessageDraft" | "sendRichMessageDraft";
  /** The text after entity parsing ("" shows "Thinking…"); a rich draft's plain text. */
  text: string;
  entities?: unknown[];
  /** A rich draft's blocks. */
  rich?: { blocks: Array<Record<string, unknown>> };
  canStop: boolean;
  keepOnStop: boolean;
  /** Sandbox clock, ms. */
  at: number;
}

/** A draft on the user's screen now. */
export interface LiveDraft extends DraftRecord {
  /** Sandbox clock, ms: when it disappears unless changed. */
  until: number;
  /** The user pressed stop (a `keep_on_stop` draft stays a short while). */
  stopped?: boolean;
}

export interface DraftFilter {
  bot?: string;
  chatId?: number;
}

export interface DraftBoard {
  show(draft: Omit<DraftRecord, "seq">): DraftRecord;
  /** Every draft call accepted, oldest first. */
  record(filter?: DraftFilter): DraftRecord[];
  /** The drafts on screen now (at most one per chat, topic and draft id). */
  live(filter?: DraftFilter): LiveDraft[];
  /** The bot sent a message to the chat: its drafts there disappear. */
  endChat(bot: string, chatId: number): void;
  /** The user pressed stop on a draft; it is marked stopped (and leaves unless kept). */
  stop(bot: string, chatId: number, draftId?: number): LiveDraft | undefined;
  clear(): void;
}

export function createDraftBoard(now: () => number): DraftBoard {
  let records: DraftRecord[] = [];
  const live = new Map<string, LiveDraft>();
  let seq = 0;
  const keyOf = (d: Pick<DraftRecord, "bot" | "chatId" | "threadId" | "draftId">) =>
    `${d.bot}|${d.chatId}|${d.threadId ?? 0}|${d.draftId}`;
  const matches = (d: DraftRecord, f: DraftFilter = {}) =>
    (f.bot === undefined || d.bot === f.bot) && (f.chatId === undefined || d.chatId === f.chatId);
  const sweep = () => {
    const at = now();
    for (const [key, d] of live) if (d.until <= at) live.delete(key);
  };
  return {
    show(draft) {
      const record = { seq: ++seq, ...draft };
      records.push(record);
      const key = keyOf(draft);
      // A draft the user stopped takes no more changes ("stop further drafts").
      if (!live.get(key)?.stopped) live.set(key, { ...record, until: draft.at + DRAFT_LIFETIME_MS });
      return record;
    },
    record: (filter) => records.filter((d) => matches(d, filter)),
    live(filter) {
      sweep();
      return [...live.values()].filter((d) => matches(d, filter));
    },
    endChat(bot, chatId) {
      for (const [key, d] of live) if (d.bot === bot && d.chatId === chatId) live.delete(key);
    },
    stop(bot, chatId, draftId) {
      sweep();
      const found = [...live.values()]
        .filter((d) => d.bot === bot && d.chatId === chatId && d.canStop && !d.stopped)
        .filter((d) => draftId === undefined || d.draftId === draftId)
        .at(-1);
      if (!found) return undefined;
      if (found.keepOnStop) Object.assign(found, { stopped: true, until: now() + KEPT_ON_STOP_MS });
      else live.delete(keyOf(found));
      return found;
    },
    clear() {
      records = [];
      live.clear();
    },
  };
}

/** The place, thread and draft id every draft method checks. */
export function draftTarget(world: World, botKey: string, params: Record<string, unknown>) {
  const place: ChatPlace = chatForBot(world, botKey, params.chat_id);
  if (place.type !== "private") throw badRequest(DRAFT_PEER_INVALID);
  const draftId = intParam(params, "draft_id");
  if (!draftId) throw badRequest("draft_id must be non-zero");
  const threadId = topicFor(world, place, params.message_thread_id);
  return {
    place,
    draftId,
    ...(threadId !== undefined ? { threadId } : {}),
    canStop: boolParam(params, "can_stop"),
    keepOnStop: boolParam(params, "keep_on_stop"),
  };
}

/**
 * sendMessageDraft: a private chat only (else 400 TEXTDRAFT_PEER_INVALID), a non-zero draft_id,
 * text of 0–4096 characters after entity parsing (empty: "Thinking…"), parse_mode or entities.
 */
export const sendMessageDraft: Method = (world, { state, params }) => {
  const target = draftTarget(world, state.key, params);
  const formatted = draftText(params);
  world.drafts.show({
    bot: state.bot.username,
    chatId: target.place.chatId,
    ...(target.threadId !== undefined ? { threadId: target.threadId } : {}),
    draftId: target.draftId,
    method: "sendMessageDraft",
    text: formatted.text,
    ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
    canStop: target.canStop,
    keepOnStop: target.keepOnStop,
    at: world.now(),
  });
  return true;
};

/** A draft's text: may be empty, else parsed like a message's and at most 4096 characters. */
function draftText(params: Record<string, unknown>): FormattedText {
  const raw = params.text;
  if (raw === undefined || raw === null || raw === "") return { text: "", entities: [] };
  const parsed = parseOutgoing(String(raw), params.parse_mode, jsonParam(params, "entities"));
  if (codePoints(parsed.text) > MAX_TEXT) throw badRequest("text is too long");
  return parsed;
}

/**
 * The user presses the stop button of the bot's latest stoppable draft in their private chat (or
 * of `draftId`): the bot gets `stopped_message_generation` as Telegram shapes it
 * (`MessageGenerationStopped`: chat, message_thread_id?, draft_id), when its allowed_updates let it.
 */
export function stopGeneration(
  world: World,
  input: { from: number; bot: string; draftId?: number },
): { draftId: number; deliveredTo: string[] } {
  const state = world.botState(input.bot);
  const user = world.registry.findUser(input.from);
  if (!user) throw new SandboxError("unknown-user", `no sandbox user ${input.from}`, "addUser first");
  const stopped = world.drafts.stop(state.bot.username, user.id, input.draftId);
  if (!stopped)
    throw new SandboxError(
      "no-draft",
      `no stoppable draft of @${state.bot.username} is on screen in ${user.firstName}'s chat`,
      "press stop while the bot streams a draft sent with can_stop: true",
    );
  const place: ChatPlace = { chatId: user.id, type: "private", dmBot: state.key };
  const update = {
    stopped_message_generation: {
      chat: chatObject(world, place),
      ...(stopped.threadId !== undefined ? { message_thread_id: stopped.threadId } : {}),
      draft_id: stopped.draftId,
    },
  };
  const delivered = state.updates.deliver(update) !== undefined;
  return { draftId: stopped.draftId, deliveredTo: delivered ? [state.bot.username] : [] };
}
