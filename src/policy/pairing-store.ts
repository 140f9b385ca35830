import { createFilePairingDocument } from "./pairing-document-file.js";
import type { PairingDocument } from "./pairing-document.js";
import type { PairingState } from "./pairing-file.js";
import {
  applyApprove,
  applyDeny,
  applyMarkDelivered,
  applyRequest,
  applyRevoke,
  ExpiredCode,
} from "./pairing-rules.js";
import type { PairingStore, PairingStoreOptions, PairingStoreRules } from "./pairing-types.js";
import { createPairingSnapshot } from "./pairing-snapshot.js";

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
  const { logger } = options;
  const now = options.now ?? Date.now;
  const current = createPairingSnapshot(document, logger);
  let queue: Promise<unknown> = Promise.resolve();

  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => {});
    return run;
  }

  /** One locked read-modify-write; the file is written only when the state changed. */
  function mutate<T>(change: (state: PairingState) => T): Promise<T> {
    return serial(() =>
      document.locked(async (held) => {
        const { state, text } = await current.read(held);
        const before = JSON.stringify(state);
        let result: T;
        try {
          result = change(state);
        } catch (error) {
          if (error instanceof ExpiredCode) await current.write(held, state, text, before);
          throw error;
        }
        await current.write(held, state, text, before);
        return result;
      }),
    );
  }

  async function reload(): Promise<void> {
    await serial(async () => {
      const { state, text } = await current.read();
      current.adopt(state, text);
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
        current
          .state()
          .requests.filter((r) => byAccount(account)(r) && r.expiresAt > at)
          .sort((a, b) => a.createdAt - b.createdAt),
      );
    },
    async allowed(account) {
      await reload();
      return structuredClone(current.state().approvals.filter(byAccount(account)));
    },
    async takeDeliveries(account) {
      try {
        await reload();
      } catch (error) {
        logger?.error({ err: error }, "pairing file could not be read; delivering from the last snapshot");
      }
      return structuredClone(
        current.state().approvals.filter((a) => !a.delivered && byAccount(account)(a)),
      ).map(({ delivered: _d, deliveredAt: _t, ...delivery }) => delivery);
    },
    isApproved: (account, userId) => current.isApproved(account, String(userId)),
    reload,
    watch(onChange) {
      return document.watch(
        async () => {
          try {
            await reload();
          } catch (error) {
            logger?.error({ err: error }, "pairing file could not be reloaded");
          }
          if (current.takeUnseen()) {
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
