import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { createAnswerer } from "../../src/agents/answer.js";
import { loadTldrPages } from "../../packages/sandbox/src/memory-wiki.js";
import { fieldTerms } from "../../src/wiki/search-index/doc-tokens.js";
import { Engine } from "../../src/wiki/search-index/engine.js";
import type { IndexedPage, RankedPage, SearchIndex } from "../../src/wiki/search-index/index.js";
import { PAGE_FIELDS, PASSAGE_FIELDS, passageCount } from "../../src/wiki/search-index/page-entry.js";
import { parseQuery } from "../../src/wiki/search-index/query.js";
import { rankPages } from "../../src/wiki/search-index/rank.js";
import { DEFAULT_SETTINGS } from "../../src/wiki/search-index/settings.js";

const RANKING = DEFAULT_SETTINGS.ranking;
import { fetchInto, isIndexable } from "../../src/wiki/search-index/sync.js";
import { percentile, round } from "../lib/stats.js";
import { type SparseRows, truncatedSvd } from "./lsi-math.js";
import { OFF_TOPIC } from "./questions.js";
import { answerRanks, checkSplit, falseAnswers, QUESTION_SETS, setQuality } from "./run.js";
import { TUNING_SETS } from "./tune.js";

/**
 * `node bench/dist/bench/answer-quality/lsi-probe.js [flags]`: latent semantic indexing measured as
 * one more ranking factor, on the tuning sets only (tuned, held-out, people dev, first ten
 * off-topic), like tune.js; never the test part. A page × term matrix of the wiki (title and
 * description words ×2, path, headings, passage prose, with or without code; terms in ≥ 2 pages;
 * log tf × idf or log-entropy; rows of unit length), its truncated SVD (lsi-math.ts), the
 * question's terms folded in (idf-weighted term vectors); the cosine to each page then multiplies
 * the lexical score of the best RANKING.rescored candidates.
 *
 * Flags (comma lists sweep): --matrices=tfidf,tfidf+code,logentropy,logentropy+code --k=64,128,200
 * --w=… --forms=lin,pow,exp,rel (see `factor`) --alpha=1 (pages U·Σ^alpha) --drop=N (first N
 * components left out) --powers=2 --seeds=…; --keep also reports the variant that keeps the lexical
 * score (confidence unchanged), --pool the variant adding deeper lexical candidates (top 200) that
 * are among the 20 / 50 pages nearest the question; --diagnose prints where the accepted page
 * stands by the cosine alone, --compare the questions whose rank the first w and form change.
 *
 * Outcome (bench/results/history.md, answer-quality candidates): within ±1–3 questions of the baseline on every set,
 * as much from one random seed to the next as from one setting to the next; not kept.
 */

interface MatrixOptions {
  code: boolean;
  weighting: "tfidf" | "logentropy";
  /** Extra weight of the title and description words. */
  summaryWeight: number;
}

interface Matrix {
  a: SparseRows;
  /** Dictionary id → matrix column, -1 when the term is not a column. */
  column: Int32Array;
  /** Global weight of each column. */
  global: Float64Array;
}

function buildMatrix(engine: Engine, opts: MatrixOptions): Matrix {
  const order = engine.freeze().order;
  const T = engine.dict.size;
  const N = order.length;
  const PF = PAGE_FIELDS.length;
  const SF = PASSAGE_FIELDS.length;
  const rows: Array<Map<number, number>> = [];
  const df = new Uint32Array(T);
  for (const e of order) {
    const tf = new Map<number, number>();
    const add = (ids: Uint32Array, w: number) => {
      for (const id of ids) tf.set(id, (tf.get(id) ?? 0) + w);
    };
    add(fieldTerms(e.pageDoc, 0, PF, [0, 2]), opts.summaryWeight);
    add(fieldTerms(e.pageDoc, 0, PF, [1, 3]), 1);
    for (let i = 0; i < passageCount(e); i++)
      add(fieldTerms(e.passageDocs, e.passageStarts[i]!, SF, opts.code ? [1, 2] : [1]), 1);
    for (const id of tf.keys()) df[id]!++;
    rows.push(tf);
  }
  const column = new Int32Array(T).fill(-1);
  let cols = 0;
  for (let t = 0; t < T; t++) if (df[t]! >= 2) column[t] = cols++;
  const global = new Float64Array(cols);
  if (opts.weighting === "tfidf") {
    for (let t = 0; t < T; t++) if (column[t]! >= 0) global[column[t]!] = Math.log(N / df[t]!);
  } else {
    const gf = new Float64Array(cols);
    for (const tf of rows) for (const [id, n] of tf) if (column[id]! >= 0) gf[column[id]!]! += n;
    const ent = new Float64Array(cols);
    for (const tf of rows)
      for (const [id, n] of tf) {
        const c = column[id]!;
        if (c < 0) continue;
        const p = n / gf[c]!;
        ent[c]! += p * Math.log(p);
      }
    for (let c = 0; c < cols; c++) global[c] = 1 + ent[c]! / Math.log(N);
  }
  const rowStart = new Uint32Array(N + 1);
  const colList: number[] = [];
  const valList: number[] = [];
  rows.forEach((tf, i) => {
    const start = colList.length;
    let norm = 0;
    for (const [id, n] of tf) {
      const c = column[id]!;
      if (c < 0) continue;
      const v = Math.log1p(n) * global[c]!;
      colList.push(c);
      valList.push(v);
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let p = start; p < valList.length; p++) valList[p] = valList[p]! / norm;
    rowStart[i + 1] = colList.length;
  });
  return {
    a: { rows: N, cols, rowStart, col: Uint32Array.from(colList), val: Float32Array.from(valList) },
    column,
    global,
  };
}

interface Space {
  k: number;
  pages: Float32Array;
  terms: Float32Array;
  matrix: Matrix;
  ordinal: Map<number, number>;
}

/** Page vectors U·Σ^alpha (unit length) and term vectors V·Σ^(alpha−1), in Float32. */
function buildSpace(
  engine: Engine,
  matrix: Matrix,
  k: number,
  alpha: number,
  powers: number,
  drop = 0,
  seed = 20261124,
): Space & { ms: number } {
  const cpu = process.cpuUsage();
  const svd = truncatedSvd(matrix.a, k, { powers, seed });
  const kk = svd.k;
  const pages = new Float32Array(matrix.a.rows * kk);
  for (let i = 0; i < matrix.a.rows; i++) {
    let norm = 0;
    for (let j = 0; j < kk; j++) {
      const v = j < drop ? 0 : svd.rowCoords[i * kk + j]! * svd.sigma[j]! ** (alpha - 1);
      pages[i * kk + j] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < kk; j++) pages[i * kk + j]! /= norm;
  }
  const terms = new Float32Array(matrix.a.cols * kk);
  for (let c = 0; c < matrix.a.cols; c++)
    for (let j = 0; j < kk; j++)
      terms[c * kk + j] =
        j < drop ? 0 : svd.colVectors[c * kk + j]! * svd.sigma[j]! ** (alpha - 1) * matrix.global[c]!;
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000;
  const ordinal = new Map(engine.freeze().order.map((e, i) => [e.meta.id, i]));
  return { k: kk, pages, terms, matrix, ordinal, ms };
}

/** The question's unit vector in the space; undefined when none of its terms is a column. */
function foldIn(space: Space, engine: Engine, terms: readonly string[]): Float32Array | undefined {
  const q = new Float32Array(space.k);
  let any = false;
  for (const term of terms) {
    const id = engine.dict.find(term);
    const c = id === undefined ? -1 : space.matrix.column[id]!;
    if (c < 0) continue;
    any = true;
    for (let j = 0; j < space.k; j++) q[j]! += space.terms[c * space.k + j]!;
  }
  if (!any) return undefined;
  let norm = 0;
  for (let j = 0; j < space.k; j++) norm += q[j]! ** 2;
  norm = Math.sqrt(norm) || 1;
  for (let j = 0; j < space.k; j++) q[j]! /= norm;
  return q;
}

function cosine(space: Space, q: Float32Array, ordinal: number): number {
  let s = 0;
  const o = ordinal * space.k;
  for (let j = 0; j < space.k; j++) s += q[j]! * space.pages[o + j]!;
  return s;
}

interface Variant {
  /** Weight w of score × (1 + w·max(0, cos)). */
  w: number;
  /** Lexical candidates re-ranked. */
  pool: number;
  /** With pool > 30: only the deeper candidates among the `semanticTop` pages nearest the question join. */
  semanticTop: number;
  /** The reported score stays the lexical one (confidence unchanged by the factor). */
  keepScore: boolean;
  /** lin: 1 + w·max(0, cos); pow: max(0.05, cos)^w; exp: exp(w·cos); rel: (cos / best cos of the pool)^w. */
  form?: "lin" | "pow" | "exp" | "rel";
}

function factor(v: Variant, c: number, best: number): number {
  switch (v.form ?? "lin") {
    case "lin":
      return 1 + v.w * Math.max(0, c);
    case "pow":
      return Math.max(0.05, c) ** v.w;
    case "exp":
      return Math.exp(v.w * c);
    case "rel":
      return (Math.max(0.05, c) / Math.max(0.05, best)) ** v.w;
  }
}

const cpuMs: number[] = [];

function probeIndex(engine: Engine, space: Space | undefined, v: Variant): SearchIndex {
  const filters = new Map<string, (page: IndexedPage) => boolean>();
  const filterFor = (locale: string | undefined) => {
    if (locale === undefined) return undefined;
    let f = filters.get(locale);
    if (!f) filters.set(locale, (f = (p: IndexedPage) => p.locale === locale));
    return f;
  };
  const search = (question: string, opts: { locale?: string; limit?: number } = {}): RankedPage[] => {
    const parsed = parseQuery(question);
    if (parsed.terms.length === 0) return [];
    const limit = opts.limit ?? 5;
    if (!space || v.w === 0) return rankPages(engine, parsed, filterFor(opts.locale), limit);
    const ranked = rankPages(engine, parsed, filterFor(opts.locale), Math.max(v.pool, RANKING.rescored));
    const cpu = process.cpuUsage();
    const q = foldIn(space, engine, parsed.terms);
    if (!q) return ranked.slice(0, limit);
    let candidates = ranked.slice(0, RANKING.rescored);
    if (v.pool > RANKING.rescored) {
      const all = new Float32Array(space.pages.length / space.k);
      for (let o = 0; o < all.length; o++) all[o] = cosine(space, q, o);
      const cut = [...all].sort((x, y) => y - x)[Math.min(v.semanticTop, all.length) - 1]!;
      candidates = candidates.concat(
        ranked.slice(RANKING.rescored).filter((r) => all[space.ordinal.get(r.page.id)!]! >= cut),
      );
    }
    const cos = candidates.map((r) => cosine(space, q, space.ordinal.get(r.page.id)!));
    const best = Math.max(...cos);
    const scored = candidates.map((r, i) => ({ r, combined: r.score * factor(v, cos[i]!, best) }));
    scored.sort((x, y) => y.combined - x.combined);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    return scored.slice(0, limit).map((s) => (v.keepScore ? s.r : { ...s.r, score: s.combined }));
  };
  return { ready: true, search } as unknown as SearchIndex;
}

async function evaluate(engine: Engine, space: Space | undefined, v: Variant, label: string, misses = false) {
  const wiki = undefined as never;
  const answerer = createAnswerer({ index: probeIndex(engine, space, v), wiki });
  const parts: string[] = [];
  for (const name of TUNING_SETS) {
    const details = await answerRanks(answerer, QUESTION_SETS[name].questions);
    const q = setQuality(details);
    parts.push(`${name} ${round(q.top1Rate * 100, 1)}/${round(q.top3Rate * 100, 1)}`);
    if (misses)
      for (const d of details.filter((x) => x.rank !== 0))
        process.stdout.write(
          `    ${d.rank < 0 ? "✗" : `#${d.rank + 1}`} ${d.question} → ${d.got.join(", ")}\n`,
        );
  }
  const off = await falseAnswers(answerer, OFF_TOPIC);
  parts.push(`off ${off.answeredAnyway}/${off.questions}`);
  process.stdout.write(`${label.padEnd(48)} ${parts.join("  ")}\n`);
}

/** The questions whose rank the variant changes, with the baseline's and the variant's first pages. */
async function compare(engine: Engine, space: Space, v: Variant): Promise<void> {
  const wiki = undefined as never;
  const before = createAnswerer({ index: probeIndex(engine, undefined, v), wiki });
  const after = createAnswerer({ index: probeIndex(engine, space, v), wiki });
  for (const name of TUNING_SETS) {
    const b = await answerRanks(before, QUESTION_SETS[name].questions);
    const a = await answerRanks(after, QUESTION_SETS[name].questions);
    const r = (n: number) => (n < 0 ? "✗" : `#${n + 1}`);
    b.forEach((d, i) => {
      const x = a[i]!;
      if (d.rank !== x.rank || d.confidence !== x.confidence)
        process.stdout.write(
          `  ${name} ${r(d.rank)}→${r(x.rank)} ${d.confidence}→${x.confidence}  ${d.question}  [${d.got[0]} → ${x.got[0]}]\n`,
        );
    });
  }
}

/** Where the accepted page stands by the cosine alone (over every page) and lexically (top 200). */
function diagnose(engine: Engine, space: Space): void {
  const norm = (path: string) => path.toLowerCase().replace(/\./g, "-");
  const order = engine.freeze().order;
  for (const name of TUNING_SETS) {
    const cosRanks: number[] = [];
    const lexRanks: number[] = [];
    for (const question of QUESTION_SETS[name].questions) {
      const wanted = new Set(question.answers.map(norm));
      const parsed = parseQuery(question.question);
      const lex = rankPages(engine, parsed, undefined, 200).findIndex((r) => wanted.has(norm(r.page.path)));
      const q = foldIn(space, engine, parsed.terms);
      let best = Infinity;
      if (q) {
        const cos = order.map((_, o) => cosine(space, q, o));
        const sorted = [...cos].sort((x, y) => y - x);
        order.forEach((e, o) => {
          if (wanted.has(norm(e.meta.path))) best = Math.min(best, sorted.indexOf(cos[o]!));
        });
      }
      cosRanks.push(best);
      lexRanks.push(lex < 0 ? Infinity : lex);
      if (name === "peopleDev" && lex !== 0)
        process.stdout.write(
          `    lex ${lex < 0 ? ">200" : `#${lex + 1}`} cos #${best + 1}  ${question.question}\n`,
        );
    }
    const share = (ranks: number[], n: number) =>
      round((100 * ranks.filter((r) => r < n).length) / ranks.length, 1);
    process.stdout.write(
      `  ${name}: cosine alone top1 ${share(cosRanks, 1)} top3 ${share(cosRanks, 3)} top10 ${share(cosRanks, 10)} top30 ${share(cosRanks, 30)} top100 ${share(cosRanks, 100)}; lexical top30 ${share(lexRanks, 30)} top200 ${share(lexRanks, 200)}\n`,
    );
  }
}

/** `--name=a,b` from the command line, else the default. */
function listOption(args: readonly string[], name: string, fallback: string): string[] {
  return (args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback).split(",");
}

export async function probe(args: readonly string[]): Promise<void> {
  checkSplit();
  const wiki = await loadTldrPages();
  const engine = new Engine();
  const summaries = (await wiki.listPages()).filter(isIndexable);
  await fetchInto(engine, wiki, summaries, { concurrency: 8 });
  engine.freeze();
  const base: Variant = { w: 0, pool: RANKING.rescored, semanticTop: 0, keepScore: false };
  await evaluate(engine, undefined, base, "baseline");
  const numbers = (name: string, fallback: string) => listOption(args, name, fallback).map(Number);
  const ks = numbers("k", "64,128,200");
  const ws = numbers("w", "0.25,0.5,1,2");
  const alphas = numbers("alpha", "1");
  const seeds = numbers("seeds", "20261124");
  const [drop = 0] = numbers("drop", "0");
  const [powers = 2] = numbers("powers", "2");
  const forms = listOption(args, "forms", "lin") as Array<NonNullable<Variant["form"]>>;
  const matrices = listOption(args, "matrices", "tfidf,tfidf+code,logentropy,logentropy+code").map(
    (name): [string, MatrixOptions] => [
      name,
      {
        code: name.endsWith("+code"),
        weighting: name.startsWith("logentropy") ? "logentropy" : "tfidf",
        summaryWeight: 2,
      },
    ],
  );
  for (const [name, options] of matrices) {
    const started = performance.now();
    const matrix = buildMatrix(engine, options);
    process.stdout.write(
      `# ${name}: ${matrix.a.rows} pages × ${matrix.a.cols} terms, ${matrix.a.col.length} non-zeros, matrix ${round(performance.now() - started)} ms\n`,
    );
    for (const k of ks)
      for (const alpha of alphas)
        for (const seed of seeds) {
          const space = buildSpace(engine, matrix, k, alpha, powers, drop, seed);
          const mib = (space.pages.byteLength + space.terms.byteLength) / 2 ** 20;
          process.stdout.write(
            `## k=${k} alpha=${alpha} seed=${seed}: SVD ${round(space.ms)} ms CPU, vectors ${round(mib, 1)} MiB\n`,
          );
          if (args.includes("--diagnose")) diagnose(engine, space);
          else if (args.includes("--compare"))
            await compare(engine, space, { ...base, w: ws[0]!, form: forms[0]! });
          else await sweep(engine, space, ws, forms, args);
        }
  }
}

/** Every weight and form as a re-rank factor (and with --keep, --pool the variants named there). */
async function sweep(
  engine: Engine,
  space: Space,
  ws: readonly number[],
  forms: ReadonlyArray<NonNullable<Variant["form"]>>,
  args: readonly string[],
): Promise<void> {
  const base: Variant = { w: 0, pool: RANKING.rescored, semanticTop: 0, keepScore: false };
  for (const w of ws) {
    cpuMs.length = 0;
    for (const form of forms) {
      await evaluate(engine, space, { ...base, w, form }, `  rerank ${form} w=${w}`);
      if (args.includes("--keep"))
        await evaluate(
          engine,
          space,
          { ...base, w, form, keepScore: true },
          `  rerank ${form} w=${w} keepScore`,
        );
      if (args.includes("--pool"))
        for (const semanticTop of [20, 50])
          await evaluate(
            engine,
            space,
            { w, form, pool: 200, semanticTop, keepScore: true },
            `  pool200∩sem${semanticTop} ${form} w=${w} keepScore`,
          );
    }
    process.stdout.write(
      `    added CPU p50 ${round(percentile(cpuMs, 50), 3)} p95 ${round(percentile(cpuMs, 95), 3)} ms\n`,
    );
  }
}

const invokedAs = process.argv[1];
if (invokedAs && import.meta.url === pathToFileURL(resolve(invokedAs)).href)
  await probe(process.argv.slice(2));
