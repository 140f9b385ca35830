/**
 * Where the pairing state is kept: the storage port of the pairing store. The store
 * (`pairing-store.ts`) holds the rules, the parsing and the snapshot; a document only keeps text.
 * Two adapters: a file with a lock file (`pairing-document-file.ts`, the default) and Redis
 * (`pairing-document-redis.ts`, cluster mode). The contract suite in test/cluster/ runs the store
 * over both.
 *
 * Contract:
 * - `read()` returns the whole text as last written ("" when there is none), never a mix of two
 *   writes.
 * - `locked(fn)` runs `fn` holding the one write lock shared by every process and host that uses
 *   this document (the daemon, the `pairing` CLI, other replicas); a lock left by a crashed holder
 *   is broken after a while. Only `fn` may write, through the handle it is given, and each write is
 *   atomic. When the lock cannot be had in time it rejects with `pairing-lock-timeout`.
 * - `keepCopy(text)` keeps `text` beside the document as `<where>.invalid-<time>` and names it.
 * - `watch(onChange)` calls `onChange` when the document may have changed (spurious calls are
 *   allowed: the store compares texts); calls never overlap; it never throws.
 * - A store that is unreachable (Redis down) rejects with `pairing-store-unavailable`.
 */
export interface PairingDocument {
  /** How a person finds it: the file's path, or the Redis key (`redis key wg:pairing`). */
  readonly where: string;
  read(): Promise<string>;
  locked<T>(fn: (held: HeldPairingDocument) => Promise<T>): Promise<T>;
  keepCopy(text: string): Promise<string>;
  watch(onChange: () => Promise<void>, options: { pollMs: number }): { close(): void };
}

/** The writes allowed while the lock is held. */
export interface HeldPairingDocument {
  /** Replaces the whole text atomically. */
  write(text: string): Promise<void>;
  /** Moves the document as found to `<where>.corrupt-<time>` (afterwards there is none); names it. */
  setAside(): Promise<string>;
}
