import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeJsonAtomic } from "../../../../src/state/atomic-file.js";
import type { KeyState } from "./keys.js";
import type { StoreState } from "./page-store.js";

/** Everything the sandbox wiki keeps across restarts, in `<dataDir>/wiki.json`. */
export interface WikiFile {
  version: 1;
  apiEnabled: boolean;
  keys: KeyState;
  store: StoreState;
}

export const WIKI_FILE = "wiki.json";
/** A burst of changes (an import of thousands of pages) costs one write per second at most. */
export const DEBOUNCE_MS = 1000;

/** The saved state, or undefined when there is none yet. A corrupt file is an error (never silently wiped). */
export function loadWikiFile(dataDir: string): WikiFile | undefined {
  let text: string;
  try {
    text = readFileSync(join(dataDir, WIKI_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as WikiFile;
  if (parsed.version !== 1)
    throw new Error(`${join(dataDir, WIKI_FILE)}: unknown version ${String(parsed.version)}`);
  return parsed;
}

/**
 * Debounced atomic saving: `markDirty()` schedules one write DEBOUNCE_MS later (further marks in
 * that window ride along, so a burst of changes costs one write); at most one write runs at a time;
 * `flush()` writes now if anything is pending and resolves when the file is on disk.
 */
export function createPersistence(dataDir: string, snapshot: () => WikiFile) {
  const path = join(dataDir, WIKI_FILE);
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let lastError: unknown;

  async function write(): Promise<void> {
    while (writing) await writing;
    if (!dirty) return;
    dirty = false;
    writing = writeJsonAtomic(path, snapshot())
      .catch((error: unknown) => {
        lastError = error;
        dirty = true;
      })
      .finally(() => {
        writing = undefined;
      });
    await writing;
  }

  return {
    markDirty(): void {
      dirty = true;
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void write();
      }, DEBOUNCE_MS);
      timer.unref();
    },
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await write();
      if (dirty && lastError) throw lastError;
    },
  };
}
