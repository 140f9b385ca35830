import { type FSWatcher, watch } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, dirname } from "node:path";

export interface FileWatch {
  close(): void;
}

export interface FileWatchOptions {
  /**
   * Also compare the file's stat signature (inode, size, mtime) every `pollMs`, for filesystems
   * where fs.watch is silent (network and container volumes). No polling when absent.
   */
  pollMs?: number;
  /** Wait until events have been quiet this long before calling (editors write in bursts). */
  debounceMs?: number;
}

/**
 * The one file watcher: calls `onChange` when `file` may have changed. The file's folder is
 * watched, not the file, because the file is replaced by rename (atomic writes, editors,
 * `kubectl cp`, a ConfigMap's `..data` link swap) and a watch on the old inode would go quiet.
 * Contract: never throws; calls never overlap, and a change during a call runs one more;
 * `close()` stops it.
 */
export function watchFile(
  file: string,
  onChange: () => Promise<void> | void,
  options: FileWatchOptions = {},
): FileWatch {
  const name = basename(file);
  let closed = false;
  let running = false;
  let again = false;
  let signature: string | undefined;
  let debounce: NodeJS.Timeout | undefined;

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
        await onChange();
      } while (again && !closed);
    } catch {
      // The caller reports its own failures; the watch goes on.
    } finally {
      running = false;
    }
  }

  const changed = () => {
    if (options.debounceMs === undefined) return void run(true);
    clearTimeout(debounce);
    debounce = setTimeout(() => void run(true), options.debounceMs);
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, entry) => {
      const entryName = entry?.toString();
      if (!entryName || entryName === name || entryName.startsWith("..data")) changed();
    });
    watcher.on("error", () => {
      watcher?.close();
      watcher = undefined;
    });
  } catch {
    watcher = undefined; // no folder yet, or no inotify: the poll (or SIGHUP) covers it
  }
  const timer = options.pollMs === undefined ? undefined : setInterval(() => void run(false), options.pollMs);
  timer?.unref();

  return {
    close() {
      closed = true;
      clearTimeout(debounce);
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
