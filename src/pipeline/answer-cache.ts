import type { SearchIndex } from "../wiki/search-index/index.js";

export interface AnswerCache<T> {
  /** The cached value of `key`, or `compute()` stored under it. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
  /** Drops `key`'s entry, if any. */
  forget(key: string): void;
  /** Shortens the life of `key`'s entry, if any, to at most `ms` from now. */
  keepFor(key: string, ms: number): void;
  stats(): CacheStats;
}

export interface CacheStats {
  entries: number;
  /** Estimated bytes held (keys and values as UTF-16, plus a fixed cost per entry). */
  bytes: number;
  /** The bound on `bytes`. */
  maxBytes: number;
  hits: number;
  misses: number;
}

/** The default bound of the answer cache: some thousands of answers of a few KB each. */
export const DEFAULT_ANSWER_CACHE_BYTES = 16 * 1024 * 1024;
/** What a Map entry with its record costs beside the key's and the value's own bytes. */
const ENTRY_OVERHEAD = 96;

/** The index, with a generation number that changes whenever its contents may have changed. */
export type GenerationalIndex = SearchIndex & { generation(): number };

/**
 * Answers to repeated questions, kept while the index they came from is unchanged. Teams ask the
 * same things again and again; the ranking is pure CPU (tens of ms on a large wiki), so a repeat
 * costs a map lookup instead. Contract: an entry is only ever served for the same agent, the same
 * normalised question and the same index generation; every change of the index (build, refresh,
 * load, an edit through the gateway) starts a new generation, so an edit is visible at once.
 * Memory is bounded in bytes (`maxBytes`, estimated with `sizeOf`) and in entries: the least
 * recently used entries go first; a value bigger than the whole bound is returned, not kept.
 */
export function createAnswerCache<T>(
  options: {
    maxEntries?: number;
    maxBytes?: number;
    /** Bytes a value holds; by default its JSON text as UTF-16. */
    sizeOf?: (value: T) => number;
    ttlMs?: number;
    now?: () => number;
  } = {},
): AnswerCache<T> {
  const max = options.maxEntries ?? 50_000;
  const maxBytes = options.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES;
  const sizeOf = options.sizeOf ?? ((value: T) => (JSON.stringify(value)?.length ?? 0) * 2);
  const ttl = options.ttlMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; until: number; bytes: number }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  const drop = (key: string) => {
    const found = entries.get(key);
    if (!found) return;
    entries.delete(key);
    bytes -= found.bytes;
  };
  return {
    async get(key: string, compute: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (found && now() < found.until) {
        entries.delete(key);
        entries.set(key, found); // most recently used last
        hits += 1;
        return found.value;
      }
      misses += 1;
      const value = await compute();
      const size = key.length * 2 + sizeOf(value) + ENTRY_OVERHEAD;
      drop(key);
      if (size > maxBytes) return value;
      entries.set(key, { value, until: now() + ttl, bytes: size });
      bytes += size;
      while (entries.size > max || bytes > maxBytes) drop(entries.keys().next().value as string);
      return value;
    },
    clear: () => {
      entries.clear();
      bytes = 0;
    },
    forget: drop,
    keepFor(key, ms) {
      const found = entries.get(key);
      if (found) found.until = Math.min(found.until, now() + ms);
    },
    stats: () => ({ entries: entries.size, bytes, maxBytes, hits, misses }),
  };
}

/**
 * The cache key of a question: case, spacing and trailing punctuation do not matter. `language`:
 * the asker's Telegram `language_code` (its language part counts): the reply is framed in it,
 * and an agent of several locales answers from its pages (agents/asker-locales.ts).
 */
export function questionKey(
  agentId: string,
  generation: number,
  question: string,
  language?: string,
): string {
  const asker = (language ?? "").toLowerCase().split(/[-_]/)[0];
  const normal = question
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s?!.…]+$/u, "")
    .trim();
  return `${agentId}\u0000${asker}\u0000${generation}\u0000${normal}`;
}

/**
 * Wraps an index so that every change of its contents starts a new generation, and so does every
 * change of what it shows (a page's publication window opening or closing with time).
 */
export function withGeneration(index: SearchIndex): GenerationalIndex {
  let generation = 0;
  let visibility = index.visibility();
  const bump = <A extends unknown[], R>(fn: (...args: A) => R) =>
    ((...args: A) => {
      const out = fn(...args);
      generation += 1;
      if (out instanceof Promise) return out.finally(() => (generation += 1)) as R;
      return out;
    }) as (...args: A) => R;
  return {
    get ready() {
      return index.ready;
    },
    build: bump(index.build.bind(index)),
    refresh: async (wiki) => {
      const result = await index.refresh(wiki);
      if (result.changed + result.removed > 0) generation += 1;
      return result;
    },
    upsertPage: bump(index.upsertPage.bind(index)),
    removePage: bump(index.removePage.bind(index)),
    load: bump(index.load.bind(index)),
    search: index.search.bind(index),
    lookup: (query, opts) => index.lookup(query, opts),
    pages: index.pages.bind(index),
    indexedPage: (id) => index.indexedPage(id),
    directory: () => index.directory(),
    opening: (id) => index.opening(id),
    mentions: (id) => index.mentions(id),
    pagePassages: (id) => index.pagePassages(id),
    visibility: () => index.visibility(),
    save: index.save.bind(index),
    stats: index.stats.bind(index),
    generation: () => {
      const seen = index.visibility();
      if (seen !== visibility) {
        visibility = seen;
        generation += 1;
      }
      return generation;
    },
  };
}
