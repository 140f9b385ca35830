import { type FSWatcher, watch } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, dirname } from "node:path";

/**
 * Calls `check` when `file` may have changed: on fs.watch events for it in its folder (the file
 * is replaced by rename, so the folder is watched, not the file), and when its stat signature
 * (inode, size, mtime) differs on a poll every `pollMs`, for filesystems where fs.watch is silent
 * (network and container volumes). Checks never overlap; a change during a check runs one more.
 */
export function watchFile(file: string, pollMs: number, check: () => Promise<void>): { close(): void } {
  const name = basename(file);
  let closed = false;
  let running = false;
  let again = false;
  let signature: string | undefined;

  async function run(force: boolean): Promise<void> {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        force ||= again;
        again = false;
        const current = await statSignature(file);
        if (!force && current === signature) continue;
        signature = current;
        await check();
      } while (again && !closed);
    } finally {
      running = false;
    }
  }

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
      if (!changed || changed.toString() === name) void run(true);
    });
    watcher.on("error", () => {
      watcher?.close();
      watcher = undefined;
    });
  } catch {
    watcher = undefined; // no folder yet, or no inotify: the poll covers it
  }
  const timer = setInterval(() => void run(false), pollMs);
  timer.unref();

  return {
    close() {
      closed = true;
      clearInterval(timer);
      watcher?.close();
    },
  };
}

async function statSignature(file: string): Promise<string> {
  try {
    const info = await stat(file);
    return `${info.ino}:${info.size}:${info.mtimeMs}`;
  } catch {
    return "missing";
  }
}
