/**
 * What a private chat shows of the bots' message drafts (Bot API 9.5 `sendMessageDraft`, 10.1
 * `sendRichMessageDraft`, 10.3 `can_stop`): an ephemeral preview streamed while a message is
 * generated. A draft lives 30 s after its last change, or until the bot sends a message to that
 * chat; a draft the user stopped takes no more changes. The methods are in drafts.ts.
 */

/** How long a draft stays on screen after its last change, ms (Telegram: "a temporary 30-second preview"). */
export const DRAFT_LIFETIME_MS = 30_000;
/** How long a stopped draft with `keep_on_stop` stays ("a short while"), ms. */
export const KEPT_ON_STOP_MS = 5_000;

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
  /** Drafts the user stopped, by key: until when later calls for them are not shown. */
  const stopped = new Map<string, number>();
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
      if ((stopped.get(key) ?? -Infinity) < draft.at)
        live.set(key, { ...record, until: draft.at + DRAFT_LIFETIME_MS });
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
      stopped.set(keyOf(found), now() + DRAFT_LIFETIME_MS);
      if (found.keepOnStop) Object.assign(found, { stopped: true, until: now() + KEPT_ON_STOP_MS });
      else live.delete(keyOf(found));
      return found;
    },
    clear() {
      records = [];
      live.clear();
      stopped.clear();
    },
  };
}
