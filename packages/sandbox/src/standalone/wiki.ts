import type { RunningStandIn, WikiStandInOptions } from "../../../../src/cli/sandbox-package.js";
import { writeFileAtomic } from "../../../../src/state/atomic-file.js";
import { createSandboxWiki } from "../wiki/index.js";
import { readSeedFolder } from "../wiki/seed-folder.js";
import type { SeedPage } from "../memory-wiki.js";
import {
  findTldrTranslations,
  readTldrPages,
  readTldrTranslations,
  requireTldrCorpus,
} from "../tldr-corpus.js";

/** The tldr corpus and its translations (when found), as the demo seeds them; [] without `--tldr`. */
async function tldrSeed(wanted: boolean | undefined): Promise<{ pages: SeedPage[]; line: string }> {
  if (!wanted) return { pages: [], line: "" };
  const corpus = requireTldrCorpus();
  const english = await readTldrPages(corpus.dir);
  const translations = findTldrTranslations();
  const translated = translations ? await readTldrTranslations(translations) : [];
  const locales = [...new Set(translated.map((p) => p.locale))].join(", ");
  const line = translated.length
    ? `tldr: ${english.length} pages from ${corpus.via}, ${translated.length} translated (${locales}) from ${translations}`
    : `tldr: ${english.length} pages from ${corpus.via}; no translations (TLDR_I18N_DIR or ../shared/corpus/tldr-i18n)`;
  return { pages: [...english, ...translated], line };
}

/**
 * `wiki-gateway sandbox wiki`: the Wiki.js 2.5-compatible wiki on its own. Writes a new full-access
 * API key to the token file (mode 0600); the banner says where (`GraphQL URL: …`, `Token file: …`)
 * and never holds the key itself.
 */
export async function startWikiSandbox(options: WikiStandInOptions): Promise<RunningStandIn> {
  const seed = options.seedDir ? await readSeedFolder(options.seedDir) : [];
  const tldr = await tldrSeed(options.tldr);
  const wiki = createSandboxWiki({ dataDir: options.dataDir });
  wiki.seed([...seed, ...tldr.pages]);
  let base: string;
  try {
    base = await wiki.listen(options.port, options.host);
    await writeFileAtomic(options.tokenFile, `${wiki.issueKey()}\n`, 0o600);
  } catch (error) {
    await wiki.close();
    throw error;
  }
  const banner = [
    "Sandbox wiki (Wiki.js 2.5 GraphQL) is running",
    `GraphQL URL: ${base}/graphql`,
    `Token file: ${options.tokenFile}`,
    `Data dir: ${options.dataDir}`,
    `Pages: ${wiki.pageCount()}${seed.length ? ` (${seed.length} seeded from ${options.seedDir})` : ""}`,
    ...(tldr.line ? [tldr.line] : []),
    `Use: WIKI_URL=${base} WIKI_TOKEN_FILE=${options.tokenFile}`,
    "Press Ctrl-C to stop.",
    "",
  ].join("\n");
  return { banner, close: () => wiki.close() };
}
