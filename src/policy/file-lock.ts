import { mkdir, open, stat, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { PairingError } from "./pairing-error.js";

export interface FileLockOptions {
  /** A lock file older than this is left over from a crashed process and is broken. */
  staleMs?: number;
  /** Give up after waiting this long. */
  timeoutMs?: number;
  /** Wall-clock milliseconds, compared with the lock file's mtime (tests drive it). */
  now?: () => number;
}

/**
 * Runs `fn` while holding an exclusive lock file, shared between processes (the daemon and the
 * CLI). The lock is taken by creating the file with O_EXCL (`wx`), retried with short random
 * sleeps; a lock whose mtime is older than `staleMs` (10 s) is removed and taken again. Holders
 * must finish well within `staleMs`: the protected work is one read and one atomic write.
 *
 * Known limit: two waiters that break the same stale lock at the same instant can both proceed;
 * this needs a crash followed by a race within milliseconds.
 */
export async function withFileLock<T>(
  lockFile: string,
  fn: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const staleMs = options.staleMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const started = now();
  await mkdir(dirname(lockFile), { recursive: true });
  for (;;) {
    try {
      const handle = await open(lockFile, "wx", 0o600);
      try {
        await handle.writeFile(`${process.pid} ${new Date(now()).toISOString()}\n`);
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    await breakIfStale(lockFile, now() - staleMs);
    if (now() - started > timeoutMs) {
      throw new PairingError(
        "pairing-lock-timeout",
        `could not lock ${lockFile} within ${Math.round(timeoutMs / 1000)} s`,
        "another wiki-gateway process holds the pairing lock; retry, or delete the lock file if no gateway or pairing command is running",
      );
    }
    await sleep(5 + Math.floor(Math.random() * 20));
  }
  try {
    return await fn();
  } finally {
    await unlink(lockFile).catch(() => {});
  }
}

/** Removes the lock file when it was last written before `before` (wall-clock ms). */
async function breakIfStale(lockFile: string, before: number): Promise<void> {
  try {
    const info = await stat(lockFile);
    if (info.mtimeMs < before) await unlink(lockFile);
  } catch {
    // Gone meanwhile: the next attempt takes it.
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
