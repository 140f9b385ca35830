import { resolveAgentSettings } from "../src/agents/agent-settings.js";
import { markdownToTelegramHtml, splitTelegramHtml } from "../src/agents/format/index.js";
import { composeRichAnswer } from "../src/agents/rich/compose-rich.js";
import { measureBlocks } from "../src/agents/rich/measure.js";
import { textsIn } from "../src/i18n/index.js";
import { createSearchIndex, type RankedPage, type SearchIndex } from "../src/wiki/search-index/index.js";
import { loadHandbookPages, loadTldrPages } from "../packages/sandbox/src/memory-wiki.js";
import { QUESTIONS } from "./answer-quality/questions.js";
import { writeResults } from "./lib/results.js";
import { median, percentile, round } from "./lib/stats.js";

/**
 * What rendering an answer as a rich message costs, next to today's HTML, per answer, in process.
 * HTML: the shown passages through markdownToTelegramHtml and the split into messages (what an
 * HTML answer renders). Rich: the page's passages read from the index and composeRichAnswer (the
 * passage, the rest of the page in the details block within Telegram's limits). Two corpora: the
 * tldr pages with the answer-quality questions (short pages with code), and the handbook (pages
 * with tables), each page asked by its title. Figures in microseconds per answer.
 */
export async function runRich(options: { rounds?: number } = {}) {
  const rounds = options.rounds ?? 5;
  const agent = resolveAgentSettings(
    "main",
    { section: "", locale: "en", editors: [], answerLength: 1200 },
    "http://wiki.example",
  );
  const corpora: Array<{ name: string; index: SearchIndex; questions: string[] }> = [];
  for (const [name, wiki, questions] of [
    ["tldr", await loadTldrPages(), QUESTIONS.map((q) => q.question)],
    ["handbook", await loadHandbookPages(), undefined],
  ] as const) {
    const index = createSearchIndex();
    await index.build(wiki);
    corpora.push({ name, index, questions: questions ?? index.pages().map((p) => p.title) });
  }
  const rows: Array<Array<string | number>> = [];
  const data: Record<string, unknown> = {};
  for (const { name, index, questions } of corpora) {
    const answers = questions
      .map((q) => index.search(q, { limit: 3 })[0])
      .filter((r): r is RankedPage => r !== undefined);
    const html: number[] = [];
    const rich: number[] = [];
    const blocks: number[] = [];
    const chars: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const ranked of answers) {
        const shown = ranked.passages.slice(0, 1);
        let started = performance.now();
        const rendered = shown.map((p) =>
          markdownToTelegramHtml(p.markdown, { baseUrl: agent.publicBaseUrl }),
        );
        splitTelegramHtml(rendered.join("\n\n"));
        html.push((performance.now() - started) * 1000);
        started = performance.now();
        const all = index.pagePassages(ranked.page.id);
        const message = composeRichAnswer(agent, { page: ranked.page, shown, all }, [], {
          texts: textsIn("en"),
        });
        rich.push((performance.now() - started) * 1000);
        if (round === 0) {
          const size = measureBlocks(message.blocks);
          blocks.push(size.blocks);
          chars.push(size.chars);
        }
      }
    }
    const figures = {
      answers: answers.length,
      htmlMedianUs: round(median(html), 1),
      htmlP95Us: round(percentile(html, 95), 1),
      richMedianUs: round(median(rich), 1),
      richP95Us: round(percentile(rich, 95), 1),
      richBlocksMedian: median(blocks),
      richCharsMedian: median(chars),
      richCharsMax: Math.max(...chars),
    };
    data[name] = figures;
    rows.push([
      name,
      figures.answers,
      `${figures.htmlMedianUs} / ${figures.htmlP95Us}`,
      `${figures.richMedianUs} / ${figures.richP95Us}`,
      `${figures.richBlocksMedian} / ${figures.richCharsMedian} (max ${figures.richCharsMax})`,
    ]);
  }
  const table = writeResults("rich", data, {
    title: "Rich rendering per answer, next to today's HTML (µs, median / p95)",
    columns: ["corpus", "answers", "HTML", "rich (page passages + compose)", "rich blocks / characters"],
    rows,
    notes: [`${rounds} rounds. Command: npm run bench -- rich`],
  });
  return { data, table };
}
