import type { Update } from "grammy/types";
import type { JournalLine } from "./journal-lines.js";

export interface JournalEntry {
  updateId: number;
  update: Update;
  /** Reply chunks already accepted by Telegram. */
  sent: Set<number>;
  /** Reply chunks whose sending started but whose acceptance was never recorded (crash in between). */
  ambiguous: Set<number>;
  /** The placeholder message of its streamed answer, while one is in the chat (answer-stream.ts). */
  placeholder?: number;
}

/**
 * What the journal knows, in memory: the updates not yet done (with their reply progress) and a
 * window of recently done ids. Pure: each change returns the lines that make it durable, and
 * `apply` rebuilds the same state from those lines, so a file read back equals what was written.
 */
export interface JournalState {
  apply(line: JournalLine): void;
  /** The updates not seen before (neither done nor pending), and the lines recording them. */
  receive(updates: readonly Update[]): { fresh: Update[]; lines: JournalLine[] };
  sending(id: number, chunk: number): JournalLine[];
  sent(id: number, chunk: number): JournalLine[];
  /** The placeholder message of the update's streamed answer (undefined: deleted). */
  placeholder(id: number, messageId: number | undefined): JournalLine[];
  done(id: number): JournalLine[];
  isDone(id: number): boolean;
  entry(id: number): JournalEntry | undefined;
  /** Pending updates, oldest first. */
  pending(): JournalEntry[];
  /** How many updates are pending. */
  count(): number;
  /** The lines of a compacted file: the done window, then every pending update and its progress. */
  snapshot(): JournalLine[];
}

/** How many done ids are remembered (a re-delivery older than this cannot happen in practice). */
export const DONE_WINDOW = 5000;

export function createJournalState(): JournalState {
  const pending = new Map<number, JournalEntry>();
  const done = new Set<number>();
  const doneOrder: number[] = [];

  const remember = (id: number): void => {
    if (done.has(id)) return;
    done.add(id);
    doneOrder.push(id);
    if (doneOrder.length > DONE_WINDOW * 2) {
      for (const old of doneOrder.splice(0, doneOrder.length - DONE_WINDOW)) done.delete(old);
    }
  };
  const add = (update: Update): void => {
    pending.set(update.update_id, {
      updateId: update.update_id,
      update,
      sent: new Set(),
      ambiguous: new Set(),
    });
  };

  const state: JournalState = {
    apply(line) {
      if (line.t === "u") {
        if (!done.has(line.id)) add(line.u);
      } else if (line.t === "i") pending.get(line.id)?.ambiguous.add(line.c);
      else if (line.t === "s") {
        const entry = pending.get(line.id);
        entry?.sent.add(line.c);
        entry?.ambiguous.delete(line.c);
      } else if (line.t === "p") {
        const entry = pending.get(line.id);
        if (entry && line.m > 0) entry.placeholder = line.m;
        else if (entry) delete entry.placeholder;
      } else if (line.t === "d") {
        pending.delete(line.id);
        remember(line.id);
      } else for (const id of line.done) remember(id);
    },
    receive(updates) {
      const fresh = updates.filter((u) => !done.has(u.update_id) && !pending.has(u.update_id));
      for (const u of fresh) add(u);
      return { fresh, lines: fresh.map((u) => ({ t: "u", id: u.update_id, u })) };
    },
    sending(id, c) {
      const entry = pending.get(id);
      if (!entry) return [];
      entry.ambiguous.add(c);
      return [{ t: "i", id, c }];
    },
    sent(id, c) {
      const entry = pending.get(id);
      if (!entry || entry.sent.has(c)) return [];
      entry.sent.add(c);
      entry.ambiguous.delete(c);
      return [{ t: "s", id, c }];
    },
    placeholder(id, messageId) {
      const entry = pending.get(id);
      if (!entry || entry.placeholder === messageId) return [];
      if (messageId === undefined) delete entry.placeholder;
      else entry.placeholder = messageId;
      return [{ t: "p", id, m: messageId ?? 0 }];
    },
    done(id) {
      if (!pending.delete(id)) return [];
      remember(id);
      return [{ t: "d", id }];
    },
    isDone: (id) => done.has(id),
    entry: (id) => pending.get(id),
    pending: () => [...pending.values()].sort((a, b) => a.updateId - b.updateId),
    count: () => pending.size,
    snapshot() {
      const lines: JournalLine[] = [{ t: "h", done: doneOrder.slice(-DONE_WINDOW) }];
      for (const entry of pending.values()) {
        lines.push({ t: "u", id: entry.updateId, u: entry.update });
        for (const c of entry.sent) lines.push({ t: "s", id: entry.updateId, c });
        for (const c of entry.ambiguous) lines.push({ t: "i", id: entry.updateId, c });
        if (entry.placeholder !== undefined) lines.push({ t: "p", id: entry.updateId, m: entry.placeholder });
      }
      return lines;
    },
  };
  return state;
}
