import { Engine } from "./engine.js";
import type { IndexedPage, SearchIndexOptions } from "./index-types.js";
import { PassageFileError } from "./passage-file.js";
import type { RankingSettings } from "./settings.js";
import { createVisibility } from "./visibility.js";

/**
 * The engine a search index serves from, and what goes with it: whether it is ready, when it was
 * built, which pages are hidden now (publication windows, judged by the injected clock).
 *
 * Contract: `swap` puts an engine in place and closes the one it replaces (and so its loaded
 * file); `lose` drops the index after its loaded file could no longer be read (PassageFileError,
 * logged): it is then empty and not ready, so searches find nothing until a build; `guard` runs a
 * read of the engine and turns such an error into `lose` and a fallback value. Every engine the
 * holder makes (`fresh`) ranks with the holder's settings.
 */
export interface EngineHolder {
  readonly engine: Engine;
  ready: boolean;
  builtAt: string | undefined;
  readonly settings: RankingSettings;
  readonly logger: SearchIndexOptions["logger"];
  /** The clock (ms) publication windows and build times are judged by. */
  readonly now: () => number;
  fresh(): Engine;
  swap(next: Engine): void;
  lose(error: PassageFileError): void;
  guard<T>(fallback: T, run: () => T): T;
  /** Ids of the pages outside their publication window now (the same Set while unchanged). */
  hiddenNow(): ReadonlySet<number>;
  /** To be called after any page is put or removed. */
  changed(): void;
  /** Grows whenever the hidden set changes. */
  epoch(): number;
  visible(page: IndexedPage): boolean;
}

export function createEngineHolder(
  settings: RankingSettings,
  options: Pick<SearchIndexOptions, "logger" | "now">,
): EngineHolder {
  const now = options.now ?? Date.now;
  const visibility = createVisibility(function* () {
    for (const entry of holder.engine.pages.values()) yield entry.meta;
  });
  let engine = new Engine(settings);
  const holder: EngineHolder = {
    get engine() {
      return engine;
    },
    ready: false,
    builtAt: undefined,
    settings,
    logger: options.logger,
    now,
    fresh: () => new Engine(settings),
    swap(next) {
      if (next !== engine) engine.close();
      engine = next;
      visibility.changed();
    },
    lose(error) {
      holder.logger?.warn(
        { code: error.code, detail: error.message, remedy: error.remedy },
        "saved search index no longer readable",
      );
      holder.swap(new Engine(settings));
      holder.ready = false;
      holder.builtAt = undefined;
    },
    guard(fallback, run) {
      try {
        return run();
      } catch (error) {
        if (!(error instanceof PassageFileError)) throw error;
        holder.lose(error);
        return fallback;
      }
    },
    hiddenNow: () => visibility.hidden(now()),
    changed: () => visibility.changed(),
    epoch: () => visibility.epoch(),
    visible: (page) => !visibility.hidden(now()).has(page.id),
  };
  return holder;
}
