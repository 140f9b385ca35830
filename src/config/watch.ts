import { type FSWatcher, watch } from "node:fs";
import { basename, dirname } from "node:path";

/**
 * Calls `onChange` (debounced) when gateway.json changes on disk. Watches the file's folder, not the
 * file, because editors and `kubectl cp`/ConfigMaps replace the file (a new inode) instead of
 * writing it in place. Contract: never throws; `close()` stops it.
 */
export function watchConfigFile(path: string, onChange: () => void, debounceMs = 250): { close(): void } {
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  const name = basename(path);
  try {
    watcher = watch(dirname(path), { persistent: false }, (_event, file) => {
      if (file !== null && file !== name && !file.startsWith("..data")) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, debounceMs);
    });
    watcher.on("error", () => {});
  } catch {
    // No watch support (some network filesystems): SIGHUP still reloads.
  }
  return {
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
