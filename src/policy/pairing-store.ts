import { createFilePairingDocument } from "./pairing-document-file.js";
import type { HeldPairingDocument, PairingDocument } from "./pairing-document.js";
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
import type { PairingStore, PairingStoreOptions, PairingStoreRules } from "./pairing-types.js";
import { createSkippedMessages } from "./skipped-messages.js";

export type { PairingOutcome } from "./pairing-rules.js";
export type { PairingApproval, PairingRequest } from "./pairing-file.js";
export type { Delivery, PairingStore, PairingStoreOptions, PairingStoreRules } from "./pairing-types.js";
export type { PairingDocument } from "./pairing-document.js";

/** The pairing store over the file `pairing.json` and its lock file (the default). */
export function createPairingStore(options: PairingStoreOptions): PairingStore {
  return createPairingStoreOn(
    createFilePairingDocument({
      file: options.file,
      lockFile: options.lockFile,
      ...(options.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: options.lockTimeoutMs }),
    }),
    options,
  );
}

/**
 * The pairing requests and approvals, persisted in one JSON document shared by the daemon and the
 * CLI (a file, or Redis in cluster mode: `pairing-document.ts`); `file` below is its `where`.
 *
 * Contract: every read-modify-write holds the document's lock, re-reads it inside the lock and
 * replaces it atomically, so concurrent writers in any number of processes lose nothing. Within a
 * process, operations run one at a time. A file that cannot be read as a pairing state is never
 * overwritten silently: it is renamed to `<file>.corrupt-<ts>` and a `pairing-file-corrupt` error
 * is raised; the next operation starts from an empty state (fail closed). A kept message that does
 * not read back as its user's message is left out and logged with a remedy (`pairing-message-invalid`):
 * it is never answered, every other entry works, and the file as found is kept as
 * `<file>.invalid-<ts>` before a write replaces it.
 */
export function createPairingStoreOn(document: PairingDocument, options: PairingStoreRules): PairingStore {
  const file = document.where;
  const { logger } = options;
  const now = options.now ?? Date.now;
  let snapshot: PairingState = emptyPairingState();
  let approved = new Set<string>();
  /** The file's text as last read or written here ("" = no file). */
  let lastText: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const skippedIn = createSkippedMessages(document, logger);
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

  /** Reads and parses the document; on a bad one, sets it aside (when `held`) and throws. */
  async function readState(held?: HeldPairingDocument): Promise<{ state: PairingState; text: string }> {
    const text = await document.read();
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
    if (!held) return document.locked((h) => readState(h));
    const kept = await held.setAside();
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
      document.locked(async (held) => {
        const { state, text } = await readState(held);
        const before = JSON.stringify(state);
        let result: T;
        try {
          result = change(state);
        } catch (error) {
          if (error instanceof ExpiredCode) await write(held, state, text, before);
          throw error;
        }
        await write(held, state, text, before);
        return result;
      }),
    );
  }

  async function write(
    held: HeldPairingDocument,
    state: PairingState,
    text: string,
    before: string,
  ): Promise<void> {
    if (JSON.stringify(state) === before) {
      adopt(state, text);
      return;
    }
    await skippedIn.keepBeforeReplacing(text);
    const written = `${JSON.stringify(state, null, 2)}\n`;
    await held.write(written);
    adopt(state, written);
  }

  async function reload(): Promise<void> {
    await serial(async () => {
      const { state, text } = await readState();
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
      return document.watch(
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
