import { trimSlashes } from "../../core/wiki-path.js";
import { type Language, languageOf } from "./analyzer.js";
import type { EngineHolder } from "./index-holder.js";
import type { RankedPage, SearchOptions, SearchOutcome } from "./index-types.js";
import { createPageFilters } from "./page-filters.js";
import { parseQuery } from "./query.js";
import { rankPages } from "./rank.js";
import { searchWithTwins } from "./twins.js";

const DEFAULT_LIMIT = 5;

/**
 * The locales a search keeps (undefined: all; "*" among them: all) and the languages its question
 * is read in: those of the locales, in order (none known: each word by its script).
 */
function searchedLocales(opts: SearchOptions): {
  locales: readonly string[] | undefined;
  languages: Language[];
} {
  const given = opts.locales ?? (opts.locale === undefined ? undefined : [opts.locale]);
  const languages = (given ?? []).flatMap((l) => languageOf(l) ?? []);
  return { locales: given?.includes("*") ? undefined : given, languages };
}

/**
 * The search of an index (SearchIndex `lookup`): the question as typed, or its keyboard or
 * transliteration twin when that finds clearly more (twins.ts), each ranked over the holder's
 * engine within the options' section and locales, pages outside their publication window left out.
 * Nothing while the index is not ready.
 */
export function createLookup(holder: EngineHolder): (query: string, opts?: SearchOptions) => SearchOutcome {
  const filterFor = createPageFilters();

  /** One text ranked as the options say; a twin's words are not guessed at (parseQuery `guess`). */
  const rank = (query: string, opts: SearchOptions, twin = false): RankedPage[] => {
    const { locales, languages } = searchedLocales(opts);
    const parsed = parseQuery(query, holder.settings.queryWeights, languages, { guess: !twin });
    if (parsed.terms.length === 0) return [];
    const section = trimSlashes(opts.section ?? "");
    const hidden = holder.hiddenNow();
    const filter =
      section === "" && locales === undefined && hidden.size === 0
        ? undefined
        : filterFor(section, locales, hidden);
    return holder.guard([], () => rankPages(holder.engine, parsed, filter, opts.limit ?? DEFAULT_LIMIT));
  };

  return (query, opts = {}) =>
    holder.ready ? searchWithTwins(query, (text, twin) => rank(text, opts, twin)) : { pages: [] };
}
