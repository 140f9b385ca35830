import { readFile, rename } from "node:fs/promises";
import { writeJsonAtomic } from "../state/atomic-file.js";
import { withFileLock } from "./file-lock.js";
import { PairingError } from "./pairing-error.js";
import { emptyPairingState, type PairingState, parsePairingState } from "./pairing-file.js";
import {
  applyApprove,
  applyDeny,
  applyMarkDelivered,
  applyRequest,
  applyRevoke,
  ExpiredCode,
} from "./pairing-rules.js";
import type { PairingStore, PairingStoreOptions } from "./pairing-types.js";
import { watchFile } from "../state/watch-file.js";
import { createSkippedMessages } from "./skipped-messages.js";

export type { PairingOutcome } from "./pairing-rules.js";
export type { PairingApproval, PairingRequest } from "./pairing-file.js";
export type { Delivery, PairingStore, PairingStoreOptions } from "./pairing-types.js";

/**
 * The pairing requests and approvals, persisted in one JSON file shared by the daemon and the CLI.
 *
 * Contract: every read-modify-write holds the lock file, re-reads the file inside the lock and
 * replaces it atomically, so concurrent writers in any number of processes lose nothing. Within a
 * process, operations run one at a time. A file that cannot be read as a pairing state is never
 * overwritten silently: it is renamed to `<file>.corrupt-<ts>` and a `pairing-file-corrupt` error
 * is raised; the next operation starts from an empty state (fail closed). A kept message that does
 * not read back as its user's message is left out and logged with a remedy (`pairing-message-invalid`):
 * it is never answered, every other entry works, and the file as found is kept as
 * `<file>.invalid-<ts>` before a write replaces it.
 */
export function createPairingStore(options: PairingStoreOptions): PairingStore {
  const { file, lockFile, logger } = options;
  const now = options.now ?? Date.now;
  const lock = <T>(fn: () => Promise<T>) =>
    withFileLock(
      lockFile,
      fn,
      options.lockTimeoutMs === undefined ? {} : { timeoutMs: options.lockTimeoutMs },
    );
  let snapshot: PairingState = emptyPairingState();
  let approved = new Set<string>();
  /** The file's text as last read or written here ("" = no file). */
  let lastText: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const skippedIn = createSkippedMessages(file, logger);
  /** Another process changed the file and `watch` has not reported it yet. */
  let unseen = false;

  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => {});
    return run;
  }

  function adopt(state: PairingState, text: string): void {
    snapshot = state;
    approved = new Set(state.approvals.map((a) => key(a.account, a.userId)));
    lastText = text;
  }

  async function readText(): Promise<string> {
    try {
      return await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
      throw error;
    }
  }

  /** Reads and parses the file; on a bad file, sets it aside (when `locked`) and throws. */
  async function readState(locked: boolean): Promise<{ state: PairingState; text: string }> {
    const text = await readText();
    // Text this store neither read nor wrote last: another process changed the file.
    if (lastText !== undefined && text !== lastText) unseen = true;
    if (text === "") return { state: emptyPairingState(), text };
    const parsed = parsePairingState(text);
    if (parsed.ok) {
      if (parsed.skipped.length > 0) skippedIn.note(text, parsed.skipped);
      return { state: parsed.state, text };
    }
    if (parsed.failure.kind === "version") {
      throw new PairingError(
        "pairing-file-version",
        `${file} has format version ${String(parsed.failure.version)}, newer than this gateway understands (1)`,
        "run the same or a newer wiki-gateway version as the one that wrote the file",
      );
    }
    if (!locked) return lock(() => readState(true));
    const kept = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await rename(file, kept);
    adopt(emptyPairingState(), "");
    const error = new PairingError(
      "pairing-file-corrupt",
      `${file} is not a valid pairing file (${parsed.failure.detail}); it was kept as ${kept} and pairing starts from an empty state`,
      `repair ${kept} and move it back to ${file} while no gateway writes it, or approve the users again`,
    );
    logger?.error({ code: error.code, kept }, error.message);
    throw error;
  }

  /** One locked read-modify-write; the file is written only when the state changed. */
  function mutate<T>(change: (state: PairingState) => T): Promise<T> {
    return serial(() =>
      lock(async () => {
        const { state, text } = await readState(true);
        const before = JSON.stringify(state);
        let result: T;
        try {
          result = change(state);
        } catch (error) {
          if (error instanceof ExpiredCode) await write(state, text, before);
          throw error;
        }
        await write(state, text, before);
        return result;
      }),
    );
  }

  async function write(state: PairingState, text: string, before: string): Promise<void> {
    if (JSON.stringify(state) === before) {
      adopt(state, text);
      return;
    }
    await skippedIn.keepBeforeReplacing(text);
    await writeJsonAtomic(file, state);
    adopt(state, `${JSON.stringify(state, null, 2)}\n`);
  }

  async function reload(): Promise<void> {
    await serial(async () => {
      const { state, text } = await readState(false);
      adopt(state, text);
    });
  }

  const byAccount = (account?: string) => (entry: { account: string }) =>
    account === undefined || entry.account === account;

  return {
    request: (account, msg) => mutate((state) => applyRequest(state, account, msg, now())),
    approve: (code, account) => mutate((state) => applyApprove(state, code, account, now())),
    deny: (code, account) => mutate((state) => applyDeny(state, code, account)),
    revoke: (account, userId) => mutate((state) => applyRevoke(state, account, userId)),
    markDelivered: (account, userId) => mutate((state) => applyMarkDelivered(state, account, userId, now())),
    async list(account) {
      await reload();
      const at = now();
      return structuredClone(
        snapshot.requests
          .filter((r) => byAccount(account)(r) && r.expiresAt > at)
          .sort((a, b) => a.createdAt - b.createdAt),
      );
    },
    async allowed(account) {
      await reload();
      return structuredClone(snapshot.approvals.filter(byAccount(account)));
    },
    async takeDeliveries(account) {
      try {
        await reload();
      } catch (error) {
        logger?.error({ err: error }, "pairing file could not be read; delivering from the last snapshot");
      }
      return structuredClone(snapshot.approvals.filter((a) => !a.delivered && byAccount(account)(a))).map(
        ({ delivered: _d, deliveredAt: _t, ...delivery }) => delivery,
      );
    },
    isApproved: (account, userId) => approved.has(key(account, String(userId))),
    reload,
    watch(onChange) {
      return watchFile(
        file,
        async () => {
          try {
            await reload();
          } catch (error) {
            logger?.error({ err: error }, "pairing file could not be reloaded");
          }
          if (unseen) {
            unseen = false;
            try {
              onChange();
            } catch (error) {
              logger?.error({ err: error }, "pairing change handler failed");
            }
          }
        },
        { pollMs: options.pollMs ?? 1000 },
      );
    },
  };
}

function key(account: string, userId: string): string {
  return `${account}\u0000${userId}`;
}
