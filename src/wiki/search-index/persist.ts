import { readFile } from "node:fs/promises";
import MiniSearch, { type AsPlainObject } from "minisearch";
import { writeFileAtomic } from "../../state/atomic-file.js";
import { Engine, INDEX_FORMAT_VERSION, PAGE_OPTIONS, PASSAGE_OPTIONS } from "./engine.js";
import { indexText, type Passage } from "./passages.js";
import { TermStats } from "./term-stats.js";
import type { IndexedPage } from "./index-types.js";

const FORMAT = "wiki-gateway-search-index";

interface SavedFile {
  format: typeof FORMAT;
  version: number;
  builtAt?: string;
  savedAt: string;
  pages: Array<IndexedPage & { passages: Array<{ heading: string; markdown: string }> }>;
  pageIndex: AsPlainObject;
  passageIndex: AsPlainObject;
  terms: Array<[string, number]>;
}

/** Writes the engine atomically (a crash leaves the previous file). Passage text is recomputed on load. */
export async function saveEngine(file: string, engine: Engine, builtAt: string | undefined): Promise<void> {
  const saved: SavedFile = {
    format: FORMAT,
    version: INDEX_FORMAT_VERSION,
    ...(builtAt ? { builtAt } : {}),
    savedAt: new Date().toISOString(),
    pages: [...engine.pages.values()].map(({ meta, passages }) => ({
      ...meta,
      passages: passages.map((p) => ({ heading: p.heading, markdown: p.markdown })),
    })),
    pageIndex: engine.pageIndex.toJSON(),
    passageIndex: engine.passageIndex.toJSON(),
    terms: engine.terms.toJSON(),
  };
  await writeFileAtomic(file, JSON.stringify(saved));
}

export type LoadOutcome =
  | { ok: true; engine: Engine; builtAt?: string }
  | { ok: false; reason: "missing" | "corrupt" | "old-version"; detail: string };

/** Reads a saved engine; never throws (an unreadable file is a reason to rebuild, not to stop). */
export async function loadEngine(file: string): Promise<LoadOutcome> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === "ENOENT" ? "missing" : "corrupt", detail: String(code ?? error) };
  }
  try {
    const saved = JSON.parse(text) as Partial<SavedFile>;
    if (saved?.format !== FORMAT) return { ok: false, reason: "corrupt", detail: "not a search index file" };
    if (saved.version !== INDEX_FORMAT_VERSION) {
      return {
        ok: false,
        reason: "old-version",
        detail: `version ${saved.version}, expected ${INDEX_FORMAT_VERSION}`,
      };
    }
    if (
      !Array.isArray(saved.pages) ||
      !Array.isArray(saved.terms) ||
      !isPlainIndex(saved.pageIndex) ||
      !isPlainIndex(saved.passageIndex)
    ) {
      return { ok: false, reason: "corrupt", detail: "pages or index missing" };
    }
    const engine = new Engine({
      pageIndex: MiniSearch.loadJS(saved.pageIndex, PAGE_OPTIONS),
      passageIndex: MiniSearch.loadJS(saved.passageIndex, PASSAGE_OPTIONS),
      terms: TermStats.fromJSON(saved.terms, 0),
    });
    let passages = 0;
    for (const page of saved.pages) {
      if (typeof page?.id !== "number" || typeof page.path !== "string" || !Array.isArray(page.passages)) {
        return { ok: false, reason: "corrupt", detail: "a page entry is malformed" };
      }
      const meta = {
        id: page.id,
        path: page.path,
        locale: String(page.locale),
        title: String(page.title),
        description: String(page.description ?? ""),
        updatedAt: String(page.updatedAt),
      };
      const restored: Passage[] = page.passages.map((p, index) => ({
        index,
        heading: String(p.heading ?? ""),
        markdown: String(p.markdown ?? ""),
        ...indexText(String(p.markdown ?? "")),
      }));
      engine.restore(meta, restored);
      passages += restored.length;
    }
    engine.terms.passages = passages;
    if (passages !== engine.passageCount || saved.pages.length !== engine.pageIndex.documentCount) {
      return { ok: false, reason: "corrupt", detail: "pages and index disagree" };
    }
    return { ok: true, engine, ...(saved.builtAt ? { builtAt: saved.builtAt } : {}) };
  } catch (error) {
    return { ok: false, reason: "corrupt", detail: (error as Error).message };
  }
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/** The shape MiniSearch's `toJSON` writes (its own `loadJS` checks the serialization version). */
function isPlainIndex(value: unknown): value is AsPlainObject {
  if (!isObject(value)) return false;
  const field = (key: keyof AsPlainObject): unknown => Reflect.get(value, key);
  return (
    typeof field("documentCount") === "number" &&
    typeof field("nextId") === "number" &&
    typeof field("serializationVersion") === "number" &&
    Array.isArray(field("index")) &&
    Array.isArray(field("averageFieldLength")) &&
    isObject(field("documentIds")) &&
    isObject(field("fieldIds")) &&
    isObject(field("fieldLength")) &&
    isObject(field("storedFields"))
  );
}
