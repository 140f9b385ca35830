import { createInlineSearch } from "../src/agents/inline-results.js";
import type { InlineAnswer } from "../src/core/inline-query.js";
import { validateGatewayConfig } from "../src/config/validate.js";
import { createLogger } from "../src/log/logger.js";
import { createInlineFlow } from "../src/pipeline/inline-flow.js";
import { resolveRuntimeConfig } from "../src/pipeline/runtime-config.js";
import { createSearchIndex } from "../src/wiki/search-index/index.js";
import { loadTldrPages } from "../packages/sandbox/src/memory-wiki.js";
import { QUESTIONS } from "./answer-quality/questions.js";
import { writeResults } from "./lib/results.js";
import { percentile, round } from "./lib/stats.js";

/**
 * Inline answer latency on the tldr corpus: what a user typing `@bot how do I …` costs the
 * gateway per keystroke. Each question of the answer-quality set is typed out, one inline query
 * every 3 characters (clients send one per pause in typing), plus empty queries (the most recent
 * pages). Measured in process, from the inline query to the answer handed to the replier: the
 * policy decision, the index search and the results' HTML (what the daemon adds is one HTTP call
 * to Telegram). Goal: p95 under 50 ms.
 */
export async function runInline(options: { rounds?: number } = {}) {
  const rounds = options.rounds ?? 3;
  const wiki = await loadTldrPages();
  const index = createSearchIndex();
  const buildStarted = performance.now();
  await index.build(wiki);
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  const search = createInlineSearch({ index });
  const valid = validateGatewayConfig({
    defaultAccount: "main",
    accounts: { main: { botToken: "123456:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkxx", allowFrom: ["111"] } },
    bindings: [{ agentId: "main", match: { channel: "telegram", accountId: "main" } }],
  });
  if (!valid.ok) throw new Error("the bench configuration is invalid");
  const runtime = resolveRuntimeConfig(valid.config, "http://wiki.example");
  const count = () => ({ inc: () => {} });
  const flow = createInlineFlow({
    runtime: () => runtime,
    isApproved: () => false,
    search,
    recordDenial: () => {},
    gaps: { append: () => {} },
    metrics: { decisions: count(), inlineQueries: count(), inlineChosen: count() },
  });
  const log = createLogger({ level: "silent" });
  let results = 0;
  const reply = {
    answer: async (answer: InlineAnswer) => {
      results += answer.results.length;
    },
  };

  const typed: string[] = [];
  for (const { question } of QUESTIONS) {
    for (let end = 3; end < question.length; end += 3) typed.push(question.slice(0, end));
    typed.push(question);
  }
  const timeQuery = async (words: string) => {
    const started = performance.now();
    await flow.query(
      { account: "main", updateId: 1, queryId: "q", senderId: 111, senderIsBot: false, query: words },
      reply,
      log,
    );
    return performance.now() - started;
  };
  for (const words of typed.slice(0, 50)) await timeQuery(words); // warm-up
  const typedMs: number[] = [];
  const emptyMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const words of typed) typedMs.push(await timeQuery(words));
    for (let n = 0; n < 20; n++) emptyMs.push(await timeQuery(""));
  }
  const stats = (values: number[]) => ({
    queries: values.length,
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    max: round(Math.max(...values)),
  });
  const data = {
    pages: index.stats().pages,
    passages: index.stats().passages,
    buildSeconds: round(buildSeconds),
    rounds,
    typed: stats(typedMs),
    empty: stats(emptyMs),
    resultsPerAnswer: round(results / (typedMs.length + emptyMs.length + 50)),
  };
  const row = (name: string, s: ReturnType<typeof stats>) => [name, s.queries, s.p50, s.p95, s.p99, s.max];
  const table = writeResults("inline", data, {
    title: `Inline answer latency on the tldr corpus (${data.pages} pages, ${data.passages} passages), ms per query, in process`,
    columns: ["queries", "count", "p50", "p95", "p99", "max"],
    rows: [
      row("typed (every 3 characters of each question)", data.typed),
      row("empty (recent pages)", data.empty),
    ],
    notes: [
      `Up to 10 results per answer (${data.resultsPerAnswer} on average), each with its passage rendered as HTML; policy decision included. Goal: p95 < 50 ms.`,
    ],
  });
  return { data, table };
}
