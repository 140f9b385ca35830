import { readFileSync, statSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { createSearchIndex } from "../src/wiki/search-index/index.js";
import { loadTldrPages } from "../packages/sandbox/src/memory-wiki.js";
import { HELD_OUT, QUESTIONS, type QualityQuestion } from "./answer-quality/questions.js";
import { PEOPLE_DEV, PEOPLE_OFF_TOPIC, PEOPLE_TEST } from "./answer-quality/people-questions.js";
import { percentile, round } from "./lib/stats.js";

/**
 * Search engines compared on the same corpus (the whole tldr corpus) and the same questions:
 * retrieval quality (the page first, among the first three), ranking CPU per distinct question,
 * memory held by the loaded index, and load time of its saved form. Each measure runs in a fresh
 * process (`node --expose-gc`), so that memory is the index's own:
 *
 *   node --expose-gc bench/dist/bench/index-engines.js save FILE   build this tree's index, save it
 *   node --expose-gc bench/dist/bench/index-engines.js load FILE   load it, measure (prints JSON)
 *   node --expose-gc bench/dist/bench/index-engines.js flexsearch FILE   the same for FlexSearch
 *
 * The same script run in another checkout (the MiniSearch index of an earlier commit) measures
 * that tree's index with the same questions: only the public SearchIndex API is used.
 */
const SETS: Record<string, readonly QualityQuestion[]> = {
  tuned: QUESTIONS,
  heldOut: HELD_OUT,
  peopleDev: PEOPLE_DEV,
  peopleTest: PEOPLE_TEST,
};

const norm = (path: string) => path.toLowerCase().replace(/\./g, "-");

type Search = (question: string) => string[];

function quality(search: Search) {
  const out: Record<string, { top1: number; top3: number; empty: number }> = {};
  for (const [name, questions] of Object.entries(SETS)) {
    let top1 = 0;
    let top3 = 0;
    let empty = 0;
    for (const q of questions) {
      const wanted = new Set(q.answers.map(norm));
      const got = search(q.question).map(norm);
      const rank = got.findIndex((p) => wanted.has(p));
      if (rank === 0) top1++;
      if (rank >= 0 && rank < 3) top3++;
      if (got.length === 0) empty++;
    }
    out[name] = {
      top1: round((100 * top1) / questions.length, 1),
      top3: round((100 * top3) / questions.length, 1),
      empty,
    };
  }
  return out;
}

/** CPU time of one search per distinct question, over every question of every set, 3 rounds. */
function latency(search: Search) {
  const all = [
    ...Object.values(SETS)
      .flat()
      .map((q) => q.question),
    ...PEOPLE_OFF_TOPIC,
  ];
  for (const q of all) search(q);
  const cpu: number[] = [];
  for (let r = 0; r < 3; r++)
    for (const q of all) {
      const before = process.cpuUsage();
      search(q);
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
  return {
    samples: cpu.length,
    cpuP50: round(percentile(cpu, 50), 2),
    cpuP95: round(percentile(cpu, 95), 2),
  };
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return {
    rssMB: round(m.rss / 2 ** 20, 1),
    heapMB: round(m.heapUsed / 2 ** 20, 1),
    externalMB: round(m.external / 2 ** 20, 1),
  };
}

async function save(file: string) {
  const index = createSearchIndex();
  await index.build(await loadTldrPages(), { concurrency: 8 });
  await index.save(file);
  return { file, fileMiB: round(statSync(file).size / 2 ** 20, 1), ...index.stats() };
}

async function load(file: string) {
  const before = memory();
  const index = createSearchIndex();
  const started = performance.now();
  if (!(await index.load(file))) throw new Error(`${file} did not load`);
  const loadMs = round(performance.now() - started, 1);
  const search: Search = (q) => index.search(q, { limit: 3 }).map((r) => r.page.path);
  const after = memory();
  return { loadMs, before, after, quality: quality(search), latency: latency(search) };
}

/**
 * FlexSearch 0.8 as a document index of pages (title, path words, description, content), with this
 * project's analyzer (stop words, Porter stems) and results merged across fields by reciprocal
 * rank weighted name > description > content: a generic setup, no ranking of this project's.
 */
async function flexsearch(file: string) {
  const { Document } = await import("flexsearch");
  const { processTerm, tokenize } = await import("../src/wiki/search-index/analyzer.js");
  const encode = (text: string) => tokenize(text).flatMap((w) => processTerm(w) ?? []);
  const fields = { title: 4, path: 3, description: 2, content: 1 } as const;
  const make = () =>
    new Document({
      document: {
        id: "id",
        index: Object.keys(fields).map((field) => ({ field, encode, tokenize: "strict" as const })),
      },
    });
  const wiki = await loadTldrPages();
  const pages = await Promise.all((await wiki.listPages()).map((p) => wiki.getPage(p.id)));
  const paths = new Map(pages.map((p) => [p.id, p.path]));
  const before = memory();
  let started = performance.now();
  const built = make();
  for (const p of pages)
    built.add({
      id: p.id,
      title: p.title,
      path: p.path.replace(/[/_.-]+/g, " "),
      description: p.description ?? "",
      content: p.content ?? "",
    });
  const buildMs = round(performance.now() - started);
  const parts: Record<string, string> = {};
  await built.export((key: string, data: string) => {
    parts[key] = data;
  });
  writeFileSync(file, JSON.stringify(parts));
  started = performance.now();
  const index = make();
  for (const [key, data] of Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>))
    index.import(key, data);
  const loadMs = round(performance.now() - started, 1);
  const search: Search = (q) => {
    const scores = new Map<number, number>();
    for (const { field, result } of index.search(q, { limit: 20 }) as Array<{
      field: keyof typeof fields;
      result: number[];
    }>)
      result.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + fields[field] / (rank + 1)));
    return [...scores]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([id]) => paths.get(id) ?? "");
  };
  const after = memory();
  return {
    buildMs,
    loadMs,
    fileMiB: round(statSync(file).size / 2 ** 20, 1),
    before,
    after,
    quality: quality(search),
    latency: latency(search),
  };
}

const invokedAs = process.argv[1];
if (invokedAs && import.meta.url === pathToFileURL(resolve(invokedAs)).href) {
  const [mode, file] = process.argv.slice(2);
  if (!file || !["save", "load", "flexsearch"].includes(mode ?? "")) {
    process.stderr.write("usage: index-engines.js save|load|flexsearch FILE\n");
    process.exit(2);
  }
  const result =
    mode === "save" ? await save(file) : mode === "load" ? await load(file) : await flexsearch(file);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
