import type { EngineHolder } from "./index-holder.js";
import { PassageFileError } from "./passage-file.js";
import { loadEngine, saveEngine } from "./persist.js";
import type { TextMove } from "./saved-text.js";

/**
 * Saves run one at a time (two would race to read back the same path): one asked for while
 * another runs starts when it ends. After each, the pages read their text from the file written
 * (persist.ts, saved-text.ts). When that fails the index keeps serving from where its text was;
 * the failure is logged once, and again only after a save has moved the text since. The returned
 * promise rejects only when the write fails.
 */
export function createSaver(holder: EngineHolder): (file: string) => Promise<void> {
  let saving: Promise<void> | undefined;
  let moveFailed = false;

  async function save(file: string): Promise<void> {
    let move: TextMove;
    try {
      move = await saveEngine(file, holder.engine, holder.builtAt);
    } catch (error) {
      if (error instanceof PassageFileError) holder.lose(error);
      throw error;
    }
    if (move.ok) moveFailed = false;
    else if (!moveFailed) {
      moveFailed = true;
      holder.logger?.warn(
        {
          file,
          code: "index-file-not-reopened",
          detail: move.detail,
          remedy:
            "none needed: answers are served from the text held before (memory or the previous file); if it recurs, check the disk holding the state directory",
        },
        "saved search index written but not read back; passage text kept where it was",
      );
    }
  }

  return (file) => {
    // Idle: the pages are encoded now, as they are at the call.
    const run = saving ? saving.then(() => save(file)) : save(file);
    const settled = run.then(
      () => {},
      () => {},
    );
    saving = settled;
    void settled.then(() => {
      if (saving === settled) saving = undefined;
    });
    return run;
  };
}

/** Loads a saved index into the holder; false (and a log line) when it is absent or unusable. */
export async function loadIndex(holder: EngineHolder, file: string): Promise<boolean> {
  const outcome = await loadEngine(file, holder.settings);
  if (!outcome.ok) {
    if (outcome.reason !== "missing") {
      holder.logger?.warn(
        {
          file,
          code: `index-file-${outcome.reason}`,
          detail: outcome.detail,
          remedy: "none needed: the index is rebuilt from the wiki",
        },
        "saved search index not usable",
      );
    } else holder.logger?.info({ file }, "no saved search index yet");
    return false;
  }
  holder.swap(outcome.engine);
  holder.builtAt = outcome.builtAt;
  holder.ready = true;
  return true;
}
