import {
  closeSync,
  existsSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { GatewayError } from "../errors.js";

/**
 * The per-account update journal: what makes "no lost messages" true although the grammY runner
 * confirms updates to Telegram before their handlers finish.
 *
 * Contract:
 * - `record(updates)` is called with every batch `getUpdates` returned, BEFORE the runner can ask for
 *   the next batch (which confirms this one to Telegram). It writes synchronously, so once it
 *   returns, a kill -9 cannot lose the batch.
 * - `markSent(updateId, chunk)` is written the moment Telegram accepted reply chunk `chunk`;
 *   `markDone(updateId)` when the handler finished. A replay skips chunks already sent, so a
 *   restart never answers twice; the one unavoidable window is a reply Telegram accepted whose
 *   answer the process did not read before it died (then it is sent again: at-least-once).
 * - The file is JSON lines; a torn last line (kill -9 mid-write) is ignored when read.
 * - Compaction rewrites the file atomically with only unfinished updates and a window of recent
 *   done ids, so the file stays bounded.
 */
export interface JournalEntry {
  updateId: number;
  update: Record<string, unknown>;
  /** Reply chunks already accepted by Telegram. */
  sent: Set<number>;
  /** Reply chunks whose sending started but whose acceptance was never recorded (crash in between). */
  ambiguous: Set<number>;
}

export interface Journal {
  /** Unfinished updates found on open, oldest first. */
  readonly unfinished: JournalEntry[];
  /** Appends a batch; returns only the updates not seen before (done or in flight). */
  record(updates: ReadonlyArray<{ update_id: number }>): Array<{ update_id: number }>;
  isDone(updateId: number): boolean;
  sentChunks(updateId: number): ReadonlySet<number>;
  /** Written just before a chunk is sent: a crash before `markSent` makes the chunk ambiguous. */
  markSending(updateId: number, chunk: number): void;
  markSent(updateId: number, chunk: number): void;
  markDone(updateId: number): void;
  /** Updates recorded and not yet done. */
  depth(): number;
  /** The last write failed (disk full, read-only): the account is not ready until one succeeds. */
  failing(): JournalError | undefined;
  close(): Promise<void>;
}

export class JournalError extends GatewayError {}

type Line =
  | { t: "u"; id: number; u: Record<string, unknown> }
  | { t: "s"; id: number; c: number }
  | { t: "i"; id: number; c: number }
  | { t: "d"; id: number }
  | { t: "h"; done: number[] };

const DONE_WINDOW = 5000;

export interface JournalOptions {
  /**
   * fdatasync each recorded batch of updates before it can be confirmed: the batch then survives
   * power loss, not only process death. Default true. Progress marks (sent, done) are written
   * without fdatasync: a process crash never loses them (the page cache outlives the process);
   * losing them to a power cut only makes a reply go out twice, never lost.
   */
  durable?: boolean;
  /** Compact when this many lines were appended since the last compaction. */
  compactEvery?: number;
}

export function openJournal(file: string, options: JournalOptions = {}): Journal {
  const durable = options.durable ?? true;
  const compactEvery = options.compactEvery ?? 20_000;
  const pending = new Map<number, JournalEntry>();
  const done = new Set<number>();
  const doneOrder: number[] = [];

  const remember = (id: number) => {
    if (done.has(id)) return;
    done.add(id);
    doneOrder.push(id);
    if (doneOrder.length > DONE_WINDOW * 2) {
      for (const old of doneOrder.splice(0, doneOrder.length - DONE_WINDOW)) done.delete(old);
    }
  };

  try {
    mkdirSync(dirname(file), { recursive: true });
    if (existsSync(file)) {
      for (const raw of readFileSync(file, "utf8").split("\n")) {
        if (raw === "") continue;
        let line: Line;
        try {
          line = JSON.parse(raw) as Line;
        } catch {
          continue; // torn write at the end of the file
        }
        if (line.t === "u") {
          if (!done.has(line.id)) {
            pending.set(line.id, {
              updateId: line.id,
              update: line.u,
              sent: new Set(),
              ambiguous: new Set(),
            });
          }
        } else if (line.t === "i") pending.get(line.id)?.ambiguous.add(line.c);
        else if (line.t === "s") {
          const entry = pending.get(line.id);
          entry?.sent.add(line.c);
          entry?.ambiguous.delete(line.c);
        } else if (line.t === "d") {
          pending.delete(line.id);
          remember(line.id);
        } else if (line.t === "h") for (const id of line.done) remember(id);
      }
    }
  } catch (cause) {
    throw new JournalError(
      "journal-unreadable",
      `cannot read the update journal ${file}: ${(cause as Error).message}`,
      "make the state directory readable and writable by the gateway's user",
      { cause },
    );
  }

  const unfinished = [...pending.values()].sort((a, b) => a.updateId - b.updateId);
  let fd = -1;
  let appended = 0;

  const openFd = () => {
    try {
      fd = openSync(file, "a", 0o600);
    } catch (cause) {
      throw new JournalError(
        "journal-unwritable",
        `cannot write the update journal ${file}: ${(cause as Error).message}`,
        "make the state directory writable by the gateway's user and check the disk is not full",
        { cause },
      );
    }
  };

  const snapshot = () => {
    const lines: Line[] = [{ t: "h", done: doneOrder.slice(-DONE_WINDOW) }];
    for (const entry of pending.values()) {
      lines.push({ t: "u", id: entry.updateId, u: entry.update });
      for (const c of entry.sent) lines.push({ t: "s", id: entry.updateId, c });
      for (const c of entry.ambiguous) lines.push({ t: "i", id: entry.updateId, c });
    }
    return `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
  };

  /** Synchronous on purpose: no append can fall between the snapshot and the rename. */
  const compact = () => {
    appended = 0;
    const tmp = `${file}.compact.tmp`;
    const tmpFd = openSync(tmp, "w", 0o600);
    try {
      writeSync(tmpFd, snapshot());
      fdatasyncSync(tmpFd);
    } finally {
      closeSync(tmpFd);
    }
    renameSync(tmp, file);
    closeSync(fd);
    openFd();
  };

  let lastFailure: JournalError | undefined;
  const write = (text: string, sync: boolean) => {
    try {
      // After a failed (possibly partial) write, start on a fresh line so the torn one stays alone.
      writeSync(fd, lastFailure ? `\n${text}` : text);
      if (sync) fdatasyncSync(fd);
      lastFailure = undefined;
    } catch (cause) {
      throw (lastFailure = new JournalError(
        "journal-write-failed",
        `cannot append to the update journal ${file}: ${(cause as Error).message}`,
        "free disk space or make the state directory writable; the gateway is not ready until it can journal",
        { cause },
      ));
    }
  };

  const append = (lines: Line[], sync = false) => {
    if (lines.length === 0) return;
    write(lines.map((l) => `${JSON.stringify(l)}\n`).join(""), sync && durable);
    appended += lines.length;
    if (appended >= compactEvery) {
      try {
        compact();
      } catch {
        // Compaction is an optimisation; the appended journal stays valid. Retried later.
        appended = compactEvery / 2;
      }
    }
  };

  openFd();
  // Start from a compact file: drops what the previous run finished.
  compact();

  return {
    unfinished,
    record(updates) {
      const fresh = updates.filter((u) => !done.has(u.update_id) && !pending.has(u.update_id));
      for (const u of fresh) {
        pending.set(u.update_id, {
          updateId: u.update_id,
          update: u as unknown as Record<string, unknown>,
          sent: new Set(),
          ambiguous: new Set(),
        });
      }
      append(
        fresh.map((u) => ({ t: "u", id: u.update_id, u: u as unknown as Record<string, unknown> })),
        true,
      );
      return fresh;
    },
    isDone: (id) => done.has(id),
    sentChunks: (id) => pending.get(id)?.sent ?? new Set(),
    markSending(id, chunk) {
      // Diagnostics only (it names the replies a crash may have sent twice).
      const entry = pending.get(id);
      if (!entry) return;
      entry.ambiguous.add(chunk);
      append([{ t: "i", id, c: chunk }]);
    },
    markSent(id, chunk) {
      const entry = pending.get(id);
      if (!entry || entry.sent.has(chunk)) return;
      entry.sent.add(chunk);
      entry.ambiguous.delete(chunk);
      append([{ t: "s", id, c: chunk }]);
    },
    markDone(id) {
      if (!pending.delete(id)) return;
      remember(id);
      append([{ t: "d", id }]);
    },
    depth: () => pending.size,
    failing: () => lastFailure,
    async close() {
      if (fd >= 0) {
        try {
          closeSync(fd);
        } catch {
          // already closed
        }
        fd = -1;
      }
    },
  };
}
