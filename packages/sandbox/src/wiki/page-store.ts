import { createHash } from "node:crypto";

/** A page row as Wiki.js 2.5 keeps it, with its tags joined in (normalised names). */
export interface StoredPage {
  id: number;
  path: string;
  locale: string;
  hash: string;
  title: string;
  description: string;
  content: string;
  /** The content the last complete save rendered; a half-applied update leaves it stale. */
  renderedContent: string;
  contentType: string;
  editor: string;
  isPublished: boolean;
  isPrivate: boolean;
  privateNS: string | null;
  creatorId: number;
  authorId: number;
  /** The publication window, stored as sent ("" = no bound). */
  publishStartDate: string;
  publishEndDate: string;
  /** The page's own CSS and JavaScript (Wiki.js keeps them in `extra`); absent in older data files. */
  scriptCss?: string;
  scriptJs?: string;
  tags: string[];
  /** ISO-8601 */
  createdAt: string;
  updatedAt: string;
}

/** A row of the tag table (`PageTag`). */
export interface StoredTag {
  id: number;
  tag: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

/** What is saved to disk. */
export interface StoreState {
  nextPageId: number;
  nextTagId: number;
  pages: StoredPage[];
  tags: StoredTag[];
}

export type NewPage = Omit<
  StoredPage,
  "id" | "hash" | "createdAt" | "updatedAt" | "renderedContent" | "tags"
>;

/** Wiki.js's page hash: sha1 of `locale|path|privateNS`. */
export function pageHash(page: { path: string; locale: string; privateNS?: string | null }): string {
  return createHash("sha1")
    .update(`${page.locale}|${page.path}|${page.privateNS ?? ""}`)
    .digest("hex");
}

const key = (path: string, locale: string) => `${locale}\u0000${path}`;

/**
 * The sandbox wiki's pages and tags in memory: by id (id order) and by locale+path. Every change
 * bumps `version()` (caches key on it) and calls `changed` (persistence is debounced elsewhere).
 * Timestamps come from `now`, so tests can move the clock.
 */
export function createPageStore(state: StoreState | undefined, now: () => number, changed: () => void) {
  let nextPageId = state?.nextPageId ?? 1;
  let nextTagId = state?.nextTagId ?? 1;
  const byId = new Map<number, StoredPage>();
  const byPath = new Map<string, StoredPage>();
  const tags = new Map<string, StoredTag>();
  for (const page of [...(state?.pages ?? [])].sort((a, b) => a.id - b.id)) {
    byId.set(page.id, page);
    byPath.set(key(page.path, page.locale), page);
  }
  for (const tag of state?.tags ?? []) tags.set(tag.tag, tag);
  let version = 0;

  const iso = () => new Date(now()).toISOString();
  const touch = () => {
    version += 1;
    changed();
  };

  /** tags.associateTags: trimmed, lower-cased, unique, empty ones dropped; new tags get a row. */
  function normaliseTags(names: readonly string[]): string[] {
    const out: string[] = [];
    for (const raw of names) {
      const tag = raw.trim().toLowerCase();
      if (tag === "" || out.includes(tag)) continue;
      if (!tags.has(tag)) {
        const at = iso();
        tags.set(tag, { id: nextTagId++, tag, title: tag, createdAt: at, updatedAt: at });
      }
      out.push(tag);
    }
    return out;
  }

  return {
    version: () => version,
    size: () => byId.size,
    get: (id: number) => byId.get(id),
    getByPath: (path: string, locale: string) => byPath.get(key(path, locale)),
    /** Every page, in id order. */
    all: (): IterableIterator<StoredPage> => byId.values(),
    tag: (name: string) => tags.get(name),

    insert(fields: NewPage, tagNames: readonly string[]): StoredPage {
      const at = iso();
      const page: StoredPage = {
        ...fields,
        id: nextPageId++,
        hash: pageHash(fields),
        renderedContent: fields.content,
        tags: normaliseTags(tagNames),
        createdAt: at,
        updatedAt: at,
      };
      byId.set(page.id, page);
      byPath.set(key(page.path, page.locale), page);
      touch();
      return page;
    },

    /** Changes fields in place; updatedAt moves. Path and locale change only through `move`. */
    patch(
      page: StoredPage,
      fields: Partial<Omit<StoredPage, "id" | "path" | "locale" | "hash" | "tags">>,
    ): void {
      Object.assign(page, fields);
      page.updatedAt = iso();
      touch();
    },

    setTags(page: StoredPage, names: readonly string[]): void {
      page.tags = normaliseTags(names);
      touch();
    },

    move(page: StoredPage, path: string, locale: string): void {
      byPath.delete(key(page.path, page.locale));
      page.path = path;
      page.locale = locale;
      page.hash = pageHash(page);
      page.updatedAt = iso();
      byPath.set(key(path, locale), page);
      touch();
    },

    snapshot: (): StoreState => ({
      nextPageId,
      nextTagId,
      pages: [...byId.values()],
      tags: [...tags.values()],
    }),
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
