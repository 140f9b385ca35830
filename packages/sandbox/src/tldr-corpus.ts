import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { GatewayError } from "../../../src/errors.js";
import { projectRoot } from "./project-root.js";

/** Where the tldr corpus was found: a folder holding `common/` (and `linux/`, `osx/`, ...). */
export interface TldrCorpus {
  dir: string;
  /** How it was found, for messages: "TLDR_DIR" or "../shared/corpus/tldr". */
  via: string;
}

const HOW_TO_GET =
  "clone https://github.com/tldr-pages/tldr and set TLDR_DIR to the checkout, or place the pages at ../shared/corpus/tldr beside the project";

/**
 * The tldr corpus (CC-BY pages) that the benchmarks, the answer-quality evaluation and the demo use;
 * the tests never need it. Looked up in order:
 * - `TLDR_DIR`: a checkout of tldr-pages (pages under `pages/common`, ...) or a folder holding
 *   `common/` itself. Set but not such a folder: a GatewayError saying what is wrong.
 * - `../shared/corpus/tldr` beside the project's root.
 * Undefined when neither holds it.
 */
export function findTldrCorpus(
  env: Record<string, string | undefined> = process.env,
  root: string = projectRoot(),
): TldrCorpus | undefined {
  const configured = env.TLDR_DIR?.trim();
  if (configured) {
    const dir = resolve(configured);
    for (const candidate of [join(dir, "pages"), dir]) {
      if (existsSync(join(candidate, "common"))) return { dir: candidate, via: "TLDR_DIR" };
    }
    throw new GatewayError(
      "tldr-corpus-missing",
      `TLDR_DIR=${configured} holds neither pages/common/ nor common/`,
      `point TLDR_DIR at a checkout of https://github.com/tldr-pages/tldr, or unset it to use ../shared/corpus/tldr`,
    );
  }
  const beside = resolve(root, "..", "shared", "corpus", "tldr");
  return existsSync(join(beside, "common")) ? { dir: beside, via: "../shared/corpus/tldr" } : undefined;
}

/** findTldrCorpus, or a GatewayError naming both places it looked and how to get the corpus. */
export function requireTldrCorpus(
  env: Record<string, string | undefined> = process.env,
  root: string = projectRoot(),
): TldrCorpus {
  const found = findTldrCorpus(env, root);
  if (found) return found;
  throw new GatewayError(
    "tldr-corpus-missing",
    `the tldr corpus is missing: TLDR_DIR is not set and ${resolve(root, "..", "shared", "corpus", "tldr")} does not exist`,
    HOW_TO_GET,
  );
}

/** A tldr page as the wikis are seeded with it. */
export interface TldrPage {
  path: string;
  title: string;
  description: string;
  content: string;
}

export interface TldrSelection {
  /** Only these sub-folders of the corpus ("common", "linux", "osx"); all of them by default. */
  folders?: readonly string[] | undefined;
  /** At most this many pages (plus `include`); every page by default. */
  limit?: number | undefined;
  /** Paths ("tldr/common/tar") always read, even beyond `limit`. */
  include?: readonly string[] | undefined;
}

/** The tldr corpus folder (requireTldrCorpus), for callers that need it present. */
export function tldrRoot(): string {
  return requireTldrCorpus().dir;
}

/**
 * The one reader of a tldr corpus folder (the demo, the tests and the bench seed their wikis with
 * it). Contract: path "tldr/<folder>/<name>" lower-cased, title from the first "# " heading,
 * description from the first "> " line. Pages are taken from the folders in turn (the first page
 * of each, then the second, ...; names sorted), so a `limit` gives a stable, mixed selection.
 */
export async function readTldrPages(root: string, selection: TldrSelection = {}): Promise<TldrPage[]> {
  const wanted = selection.folders ? new Set(selection.folders) : undefined;
  const folders = (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && (!wanted || wanted.has(d.name)))
    .map((d) => d.name)
    .sort();
  const lists = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(join(root, folder)))
        .filter((f) => f.endsWith(".md"))
        .sort()
        .map((file) => ({ folder, file })),
    ),
  );
  const { limit } = selection;
  const include = new Set(selection.include ?? []);
  const chosen: Array<{ folder: string; file: string }> = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const item = list[i];
      if (!item) continue;
      if (limit === undefined || chosen.length < limit || include.has(tldrPath(item.folder, item.file))) {
        chosen.push(item);
      }
    }
  }
  return Promise.all(
    chosen.map(async ({ folder, file }) => {
      const content = await readFile(join(root, folder, file), "utf8");
      const title = /^# (.+)$/m.exec(content)?.[1]?.trim() ?? file.replace(/\.md$/, "");
      const description = /^> (.+)$/m.exec(content)?.[1]?.trim() ?? "";
      return { path: tldrPath(folder, file), title, description, content };
    }),
  );
}

function tldrPath(folder: string, file: string): string {
  return `tldr/${folder}/${file.replace(/\.md$/, "")}`.toLowerCase();
}

/**
 * The tldr translations (one folder per Wiki.js locale: ru/, de/, es/, zh/, each laid out as the
 * English corpus): TLDR_I18N_DIR, else ../shared/corpus/tldr-i18n beside the project; undefined
 * when neither holds a locale folder with `common/`.
 */
export function findTldrTranslations(
  env: Record<string, string | undefined> = process.env,
  root: string = projectRoot(),
): string | undefined {
  const configured = env.TLDR_I18N_DIR?.trim();
  const dir = configured ? resolve(configured) : resolve(root, "..", "shared", "corpus", "tldr-i18n");
  if (!existsSync(dir)) return undefined;
  return TRANSLATION_LOCALES.some((l) => existsSync(join(dir, l, "common"))) ? dir : undefined;
}

/** The locales of the tldr translations the demo, the sandbox and the bench load. */
export const TRANSLATION_LOCALES = ["ru", "de", "es", "zh"] as const;

/** Every page of each translation found under `dir`, with its locale, at the English paths. */
export async function readTldrTranslations(
  dir: string,
  selection: TldrSelection = {},
): Promise<Array<TldrPage & { locale: string }>> {
  const out: Array<TldrPage & { locale: string }> = [];
  for (const locale of TRANSLATION_LOCALES) {
    if (!existsSync(join(dir, locale, "common"))) continue;
    for (const page of await readTldrPages(join(dir, locale), selection)) out.push({ ...page, locale });
  }
  return out;
}
