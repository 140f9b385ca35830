import { resolveAgentSettings } from "../../src/agents/agent-settings.js";
import { type Answerer, createAnswerer } from "../../src/agents/answer.js";
import { createSearchIndex } from "../../src/wiki/search-index/index.js";
import { layoutTwin } from "../../src/wiki/search-index/keyboard-layout.js";
import { createMemoryWiki, type SeedPage } from "../../packages/sandbox/src/memory-wiki.js";
import {
  findTldrTranslations,
  readTldrPages,
  readTldrTranslations,
  tldrRoot,
} from "../../packages/sandbox/src/tldr-corpus.js";
import { writeResults } from "../lib/results.js";
import { median, percentile, round } from "../lib/stats.js";
import { drawSplit } from "./people-questions.js";
import {
  LANGUAGE_SEEDS,
  LANGUAGE_SETS,
  type LanguageQuestion,
  type MeasuredLocale,
} from "./language-questions.js";
import { INDEPENDENT_SETS } from "./independent-questions.js";
import { answerRanks, QUESTION_SETS, setQuality } from "./run.js";

/** The English tldr under "en" and each translation under its locale, at the same paths. */
export async function translatedWikiPages(dir: string, limit?: number): Promise<SeedPage[]> {
  const english = (await readTldrPages(tldrRoot(), { limit })).map((p) => ({ ...p, locale: "en" }));
  return [...english, ...(await readTldrTranslations(dir, { limit }))];
}

/** The recorded dev/test split of each set must be the one its seed draws. */
export function checkLanguageSplits(): void {
  for (const [locale, set] of Object.entries(LANGUAGE_SETS)) {
    const drawn = drawSplit(set.length, LANGUAGE_SEEDS[locale as MeasuredLocale]);
    const moved = set.filter((q, i) => q.part !== drawn[i]).map((q) => q.question);
    if (moved.length > 0)
      throw new Error(
        `language-questions.ts (${locale}): the split differs from its seed for: ${moved.join("; ")}`,
      );
  }
}

/** Every page a question of either set lists as an answer must exist in its language's translation. */
export function checkAnswersExist(pages: readonly SeedPage[]): void {
  const held = new Set(pages.map((p) => `${p.locale ?? "en"} ${p.path}`));
  const missing: string[] = [];
  for (const sets of [LANGUAGE_SETS, INDEPENDENT_SETS])
    for (const [locale, set] of Object.entries(sets))
      for (const q of set as readonly LanguageQuestion[])
        for (const path of q.answers)
          if (!held.has(`${locale} ${path}`)) missing.push(`${locale} ${path} («${q.question}»)`);
  if (missing.length > 0)
    throw new Error(`answers missing from the translations: ${missing.join("; ")}; fix the question sets`);
}

function ranks(answerer: Answerer, questions: readonly LanguageQuestion[], locale: string) {
  const agent = {
    ...resolveAgentSettings(`bench-${locale}`, undefined, "https://wiki.example.com"),
    locale,
    locales: [locale],
  };
  return answerRanks(answerer, questions, agent);
}

const pct = (rate: number) => `${round(rate * 100, 1)} %`;

/**
 * Answer quality per language on the English tldr plus its translations: the test part of each set
 * (the dev part apart), the independent set (never tuned on), Russian typed right turned onto the English layout, English on the same
 * mixed wiki, and the ranking's time per question (index.search, p95) in each language.
 */
export async function runLanguages(options: { write?: boolean } = {}) {
  const dir = findTldrTranslations();
  if (!dir) return undefined;
  checkLanguageSplits();
  const pages = await translatedWikiPages(dir);
  checkAnswersExist(pages);
  const wiki = createMemoryWiki(pages);
  const index = createSearchIndex();
  const started = performance.now();
  await index.build(wiki, { concurrency: 8 });
  const buildSeconds = round((performance.now() - started) / 1000);
  const answerer = createAnswerer({ index, wiki });
  const rows: Array<Array<string | number>> = [];
  const data: Record<string, unknown> = { corpus: index.stats(), buildSeconds };
  const row = (label: string, details: Array<{ rank: number; found: boolean; confidence: string }>) => {
    const q = setQuality(details);
    rows.push([label, q.questions, pct(q.top1Rate), pct(q.top3Rate), pct(q.nothingFoundRate)]);
    return q;
  };
  for (const [locale, set] of Object.entries(LANGUAGE_SETS)) {
    const test = await ranks(
      answerer,
      set.filter((q) => q.part === "test"),
      locale,
    );
    const dev = await ranks(
      answerer,
      set.filter((q) => q.part === "dev"),
      locale,
    );
    const independent = INDEPENDENT_SETS[locale as MeasuredLocale];
    data[locale] = {
      test: row(`${locale}, test`, test),
      dev: row(`${locale}, dev`, dev),
      devMisses: dev.filter((d) => d.rank !== 0),
      independent: row(`${locale}, independent set`, await ranks(answerer, independent, locale)),
    };
    if (locale === "ru") {
      const typedRight = set.filter((q) => q.part === "test" && q.typed === undefined);
      const twins = typedRight.map((q) => ({ ...q, question: layoutTwin(q.question) ?? q.question }));
      data.ruTypedRight = row("ru, test typed right", await ranks(answerer, typedRight, locale));
      data.ruWrongLayout = row("ru, the same on the English layout", await ranks(answerer, twins, locale));
    }
    data[`${locale}RankingMs`] = rankingTimes(index, set, locale);
  }
  data.en = row(
    "en (people, test) on the same wiki",
    await ranks(answerer, QUESTION_SETS.peopleTest.questions, "en"),
  );
  data.enRankingMs = rankingTimes(index, QUESTION_SETS.peopleTest.questions, "en");
  const timing = ["en", ...Object.keys(LANGUAGE_SETS)]
    .map((l) => {
      const t = data[`${l}RankingMs`] as {
        p95: number;
        cpuP95: number;
        medianP95: number;
        cpuMedianP95: number;
      };
      return `${l} ${t.p95} ms (CPU ${t.cpuP95} ms; median of the rounds' p95 ${t.medianP95} ms, CPU ${t.cpuMedianP95} ms)`;
    })
    .join(", ");
  const table =
    options.write === false
      ? ""
      : writeResults("answer-quality-languages", data, {
          title: `answer quality per language (${index.stats().pages} pages: English tldr + ru, de, es, zh translations)`,
          columns: ["set", "questions", "top-1", "top-3", "“nothing found”"],
          rows,
          notes: [
            `Ranking (index.search, 5 rounds) p95 per question, wall-clock (CPU time): ${timing}. Index built in ${buildSeconds} s.`,
            "Questions: bench/answer-quality/language-questions.ts (dev third for tuning; test reported) and bench/answer-quality/independent-questions.ts (written apart, never tuned on).",
          ],
        });
  return { data, table };
}

/**
 * The ranking's time per question (index.search, after a warm-up round): wall-clock and this
 * process's CPU time, which stays meaningful when other processes load the machine. `p95` pools
 * every timed round; `medianP95` and `cpuMedianP95` are the medians of each round's p95, which a
 * burst of load on the shared machine during one round does not move.
 */
function rankingTimes(
  index: ReturnType<typeof createSearchIndex>,
  set: readonly { question: string }[],
  locale: string,
) {
  const times: number[] = [];
  const cpu: number[] = [];
  const roundP95: number[] = [];
  const roundCpuP95: number[] = [];
  for (let round_ = 0; round_ < 6; round_++) {
    const wall: number[] = [];
    const used: number[] = [];
    for (const q of set) {
      const usage = process.cpuUsage();
      const t = performance.now();
      index.search(q.question, { locale, limit: 5 });
      wall.push(performance.now() - t);
      const spent = process.cpuUsage(usage);
      used.push((spent.user + spent.system) / 1000);
    }
    if (round_ === 0) continue;
    times.push(...wall);
    cpu.push(...used);
    roundP95.push(percentile(wall, 95));
    roundCpuP95.push(percentile(used, 95));
  }
  return {
    samples: times.length,
    p50: round(percentile(times, 50), 3),
    p95: round(percentile(times, 95), 3),
    cpuP95: round(percentile(cpu, 95), 3),
    medianP95: round(median(roundP95), 3),
    cpuMedianP95: round(median(roundCpuP95), 3),
  };
}
