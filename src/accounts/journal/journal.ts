import type { JournalCode } from "./journal-codes.js";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Update } from "grammy/types";
import { JournalError } from "./journal-error.js";
import { openJournalFile } from "./journal-file.js";
import { encodeJournalLines, type JournalLine, readJournalLines } from "./journal-lines.js";
import { createJournalState, type JournalEntry, type JournalState } from "./journal-state.js";
import { keptStamp } from "../../state/kept-stamp.js";

export { JournalError } from "./journal-error.js";
export type { JournalEntry } from "./journal-state.js";

/**
 * The per-account update journal: what makes "no lost messages" true although the grammY runner
 * confirms updates to Telegram before their handlers finish.
 *
 * Contract (of every journal store: this file store, and the Redis one of cluster mode):
 * - `record(updates)` is called with every batch `getUpdates` returned, and `flush()` awaited,
 *   BEFORE the runner can ask for the next batch (which confirms this one to Telegram). The file
 *   store writes synchronously, so once `record` returns, a kill -9 cannot lose the batch; its
 *   fdatasync runs off the event loop, and once `flush()` resolved a power cut cannot lose it either.
 * - `markSending(updateId, chunk)` is in the file before the chunk can leave (written at once,
 *   synchronously); `markSent(updateId, chunk)` is called the moment Telegram accepted reply chunk
 *   `chunk`, `markDone(updateId)` when the handler finished. A replay skips chunks already sent, so a
 *   restart never answers twice; the one unavoidable window is a reply Telegram accepted whose
 *   sent mark was not yet in the file when the process died (then it is sent again: at-least-once,
 *   and named, since its sending mark is there). The file store gathers the sent and done marks of
 *   one turn of the event loop into one write (at the end of the turn, or earlier with the next
 *   synchronous write, `flush()` or `close()`), so a crash loses at most that turn's marks: a lost
 *   done mark replays an update whose chunks are all sent (nothing is sent again), a lost sent mark
 *   leaves its chunk ambiguous (sent once more, named).
 * - The file is JSON lines (`journal-lines.ts`), validated when read back; a torn last line (kill -9
 *   mid-write) is ignored. Any other unreadable line is skipped and the file as found is kept as
 *   `<file>.damaged-<time>` (reported in `damage`) before it is rewritten: nothing stored is lost.
 * - Compaction rewrites the file atomically with only unfinished updates and a window of recent
 *   done ids, so the file stays bounded. It also runs at open, so each start begins compact.
 */
export interface Journal {
  /** Unfinished updates found on open, oldest first (empty until `ready()` resolved). */
  readonly unfinished: JournalEntry[];
  /**
   * Resolves once what was stored is loaded (at once for a file, which loads in `openJournal`).
   * A store that cannot be read yet keeps trying and reports it in `failing()`; it rejects only
   * when the journal is closed first. Nothing is recorded before it resolved.
   */
  ready(): Promise<void>;
  /**
   * Resolves when everything recorded and marked so far is stored: for a file (its writes are
   * synchronous) once the recorded batches' fdatasync finished (at once when not `durable`), after
   * the round trip for a remote store. Rejects with a JournalError when the store cannot be written
   * now; what was not stored stays queued and is retried (a file's next fdatasync covers it).
   */
  flush(): Promise<void>;
  /** Set when the file held unreadable lines other than a torn last one. */
  readonly damage: JournalDamage | undefined;
  /** Appends a batch; returns only the updates not seen before (done or in flight). */
  record(updates: readonly Update[]): Update[];
  isDone(updateId: number): boolean;
  sentChunks(updateId: number): ReadonlySet<number>;
  /** Written just before a chunk is sent: a crash before `markSent` makes the chunk ambiguous. */
  markSending(updateId: number, chunk: number): void;
  markSent(updateId: number, chunk: number): void;
  markDone(updateId: number): void;
  /** The placeholder message of the update's streamed answer still in the chat (a run before a restart sent it). */
  placeholder(updateId: number): number | undefined;
  /** Written when a streamed answer's placeholder was sent (its id) or deleted (undefined). */
  markPlaceholder(updateId: number, messageId: number | undefined): void;
  /** Updates recorded and not yet done. */
  depth(): number;
  /** The last write failed (disk full, read-only): the account is not ready until one succeeds. */
  failing(): JournalError | undefined;
  close(): Promise<void>;
}

export interface JournalDamage {
  code: "journal-damaged" & JournalCode;
  /** 1-based numbers of the lines skipped. */
  lines: number[];
  /** Where the file was kept as found. */
  keptAs: string;
  message: string;
  remedy: string;
}

export interface JournalOptions {
  /**
   * fdatasync each recorded batch of updates before it can be confirmed (`flush()`): the batch then survives
   * power loss, not only process death. Default true. Progress marks are written without
   * fdatasync, and the sent and done marks of one event-loop turn only at the turn's end: a process
   * crash loses at most that turn's sent and done marks, a power cut may lose any of them; either
   * only makes a reply go out twice (named by its sending mark), never lost.
   */
  durable?: boolean;
  /** Compact when this many lines were appended since the last compaction. */
  compactEvery?: number;
}

export function openJournal(file: string, options: JournalOptions = {}): Journal {
  const durable = options.durable ?? true;
  const compactEvery = options.compactEvery ?? 20_000;
  const state = createJournalState();
  const damage = readInto(file, state);
  const sink = openJournalFile(file);
  let appended = 0;

  const compact = (): void => {
    appended = 0;
    sink.replace(encodeJournalLines(state.snapshot()));
    // The snapshot holds every change so far, gathered marks included.
    later = [];
  };
  const append = (lines: readonly JournalLine[], sync = false): void => {
    if (lines.length === 0) return;
    sink.append(encodeJournalLines(lines), sync && durable);
    appended += lines.length;
    if (appended < compactEvery) return;
    try {
      compact();
    } catch {
      // Compaction is an optimisation; the appended journal stays valid. Retried later.
      appended = compactEvery / 2;
    }
  };

  /** Sent and done marks not yet in the file, oldest first; written by the next write or turn's end. */
  let later: JournalLine[] = [];
  let scheduled = false;
  /** Writes the gathered marks, then `lines`, as one append; on failure the marks stay gathered. */
  const appendAfterLater = (lines: readonly JournalLine[], sync = false): void => {
    if (later.length === 0) return append(lines, sync);
    const gathered = later;
    later = [];
    try {
      append(lines.length === 0 ? gathered : [...gathered, ...lines], sync);
    } catch (error) {
      later = gathered.concat(later);
      throw error;
    }
  };
  const writeLater = (): void => {
    scheduled = false;
    try {
      appendAfterLater([]);
    } catch {
      // `failing()` reports it; the marks stay gathered for the next write.
    }
  };
  const gather = (lines: readonly JournalLine[]): void => {
    if (lines.length === 0) return;
    later.push(...lines);
    if (scheduled) return;
    scheduled = true;
    setImmediate(writeLater);
  };

  // Start from a compact file: drops what the previous run finished.
  compact();

  return {
    unfinished: state.pending(),
    damage,
    ready: () => Promise.resolve(),
    flush() {
      try {
        appendAfterLater([]);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      return sink.synced();
    },
    record(updates) {
      const { fresh, lines } = state.receive(updates);
      appendAfterLater(lines, true);
      return fresh;
    },
    isDone: (id) => state.isDone(id),
    sentChunks: (id) => state.entry(id)?.sent ?? new Set(),
    // Names the replies a crash may have sent twice: in the file before the chunk can leave.
    markSending: (id, chunk) => appendAfterLater(state.sending(id, chunk)),
    markSent: (id, chunk) => gather(state.sent(id, chunk)),
    markDone: (id) => gather(state.done(id)),
    placeholder: (id) => state.entry(id)?.placeholder,
    // At once: a kill -9 right after the placeholder went out must still find it.
    markPlaceholder: (id, messageId) => appendAfterLater(state.placeholder(id, messageId)),
    depth: () => state.count(),
    failing: () => sink.failing(),
    async close() {
      writeLater();
      sink.close();
    },
  };
}

/** Reads the file (if any) into `state`; keeps a damaged file as found before it is rewritten. */
function readInto(file: string, state: JournalState): JournalDamage | undefined {
  try {
    mkdirSync(dirname(file), { recursive: true });
    if (!existsSync(file)) return undefined;
    const { lines, damaged } = readJournalLines(readFileSync(file, "utf8"));
    for (const line of lines) state.apply(line);
    if (damaged.length === 0) return undefined;
    const keptAs = `${file}.damaged-${keptStamp()}`;
    copyFileSync(file, keptAs);
    return {
      code: "journal-damaged",
      lines: damaged,
      keptAs,
      message: `the update journal ${file} had ${damaged.length} unreadable line(s) (first: line ${damaged[0]}); they were skipped and the file was kept as ${keptAs}`,
      remedy: `nothing to do if the gateway ran out of disk space before; otherwise check nothing else writes ${file}. The updates in the skipped lines may be unanswered (see ${keptAs}); delete it once checked`,
    };
  } catch (cause) {
    throw new JournalError(
      "journal-unreadable",
      `cannot read the update journal ${file}: ${(cause as Error).message}`,
      "make the state directory readable and writable by the gateway's user",
      { cause },
    );
  }
}
