import { runAsk } from "./ask.js";
import { runLanguagesBudget } from "./languages-budget.js";
import { runFairness } from "./fairness.js";
import { runPacing } from "./pacing.js";
import { runInline } from "./inline.js";
import { runPipeline } from "./pipeline.js";
import { runRich } from "./rich.js";
import { runScale } from "./scale.js";
import { runProfile } from "./profile.js";
import { runSoak } from "./soak.js";
import { isGatewayError } from "../src/errors.js";
import { requireTldrCorpus } from "../packages/sandbox/src/tldr-corpus.js";

/**
 * `npm run bench`: every benchmark, each against its baseline in the same run, medians of several
 * runs. Results go to bench/results/*.json and *.md. Choose with arguments:
 *   node bench/dist/bench/run.js [pipeline] [scale] [answer-quality [--model-fixture FILE]] [answer-quality-model [--model-fixture FILE]] [wiki-import] [inline] [rich] [model-overhead] [model-flood] [--soak SECONDS] [--runs N]
 *   node bench/dist/bench/run.js answer-quality-languages   (answer-quality's part per language alone:
 *                                                          the tldr translations, TLDR_I18N_DIR)
 *   node bench/dist/bench/run.js soak [--soak SECONDS] [--image-env]   (the soak alone, 600 s by
 *     default; --image-env: with the container image's memory settings; a full run, with no
 *     benchmark named, ends with it too)
 *   node bench/dist/bench/run.js profile [--runs N]      (CPU per message and heap by owner)
 *   node bench/dist/bench/run.js ask [--runs N]          (`wiki-gateway ask` against `node -e ''`)
 *   node bench/dist/bench/run.js languages [--runs N]    (what the tldr translations add to the daemon's
 *                                                        memory and to `ask`; needs them, TLDR_I18N_DIR)
 *   node bench/dist/bench/run.js store [--runs N]        (latency per message: Redis store against files)
 *   node bench/dist/bench/run.js pacing [--runs N]       (a burst under Telegram's flood limits, with and
 *                                                        without the outgoing queue; about 5 min a run)
 *   node bench/dist/bench/run.js conversations [--part dev|test] [--verbose]   (follow-ups and topic
 *                                                        switches, with and without the recorded model)
 *   node bench/dist/bench/run.js fairness [--runs N]     (a DM's latency while a group has a backlog of 120,
 *                                                        against an idle bot; about 90 s a run)
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : Number(args[i + 1]);
};
/** Flags without a value. */
const SWITCHES = new Set(["--image-env", "--verbose"]);
const chosen = args.filter(
  (a, i) => !a.startsWith("--") && !(args[i - 1]?.startsWith("--") && !SWITCHES.has(args[i - 1]!)),
);
/** `--image-env`: the soak runs the gateway with the container image's memory settings. */
const imageEnv = args.includes("--image-env");
const want = (name: string) => chosen.length === 0 || chosen.includes(name);
const only = (name: string) => chosen.includes(name);
const runs = flag("--runs");

// Every benchmark but pacing, fairness, store and model-flood runs on the tldr corpus: without it, say where it was looked for and how to get it.
const withoutCorpus = new Set(["pacing", "store", "fairness", "model-flood"]);
try {
  if (chosen.length === 0 || chosen.some((name) => !withoutCorpus.has(name))) requireTldrCorpus();
} catch (error) {
  if (!isGatewayError(error)) throw error;
  process.stderr.write(`${error.describe()}\n`);
  process.exit(2);
}

const tables: string[] = [];
/** Each table is followed by the wall time since the one before: what that benchmark took to run. */
let since = performance.now();
const results = {
  push(table: string) {
    tables.push(`${table}\n(ran ${Math.round((performance.now() - since) / 1000)} s)`);
    since = performance.now();
  },
};
if (want("answer-quality")) {
  const { run } = await import("./answer-quality/run.js");
  const result: unknown = await run();
  const table = (result as { table?: unknown }).table;
  results.push(typeof table === "string" ? table : "answer quality: see bench/results/answer-quality.json");
}
if (want("answer-quality") || only("answer-quality-languages")) {
  // Each language apart, when the tldr translations are there (../shared/corpus/tldr-i18n).
  const { runLanguages } = await import("./answer-quality/languages.js");
  const languages = await runLanguages();
  results.push(
    languages ? languages.table : "answer quality per language: no tldr translations (TLDR_I18N_DIR)",
  );
}
// With a replay fixture (`--model-fixture FILE`, else bench/answer-quality/model-replies.jsonl when
// it exists): every set again without the model, with its rewrite and with its grounded answer
// (alone: `answer-quality-model`).
const modelFixture = args[args.indexOf("--model-fixture") + 1];
if (want("answer-quality") || only("answer-quality-model")) {
  const { DEFAULT_FIXTURE, runWithModelTable } = await import("./answer-quality/with-model.js");
  const { existsSync } = await import("node:fs");
  const fixture = args.includes("--model-fixture") && modelFixture ? modelFixture : DEFAULT_FIXTURE;
  if (existsSync(fixture) || args.includes("--model-fixture")) results.push(await runWithModelTable(fixture));
}
if (want("wiki-import")) {
  const { run } = await import("./wiki-import.js");
  results.push((await run()).table);
}
if (want("inline")) results.push((await runInline(runs ? { rounds: runs } : {})).table);
if (want("rich")) results.push((await runRich(runs ? { rounds: runs } : {})).table);
if (want("pipeline")) {
  // `pipeline --soak S` soaks the pipeline's own world; a full run soaks once, at its end.
  const soakSeconds = only("pipeline") ? (flag("--soak") ?? 0) : 0;
  results.push((await runPipeline({ ...(runs ? { runs } : {}), soakSeconds })).table);
}
if (want("scale")) results.push((await runScale(runs ? { runs } : {})).table);
if (want("profile")) results.push((await runProfile(runs ? { runs } : {})).table);
if (want("ask")) results.push((await runAsk(runs ? { rounds: runs } : {})).table);
if (only("languages")) results.push((await runLanguagesBudget(runs ? { runs } : {})).table);
if (want("store")) {
  const { runStoreBench } = await import("./store.js");
  results.push((await runStoreBench(runs ? { runs } : {})).table);
}
// The soak is part of a full run (`npm run bench -- --runs 3` reproduces every figure), else only when named.
if (chosen.length === 0 || only("soak"))
  results.push((await runSoak(flag("--soak") ?? 600, { imageEnv })).table);
if (want("model-flood")) {
  const { runModelFlood } = await import("./model-flood.js");
  results.push((await runModelFlood()).table);
}
if (want("model-overhead")) {
  const { runModelOverhead } = await import("./model-overhead.js");
  results.push((await runModelOverhead(runs ? { rounds: runs } : {})).table);
}
if (only("conversations")) {
  const { runConversations } = await import("./conversations/run.js");
  const part = args[args.indexOf("--part") + 1];
  results.push(
    (
      await runConversations({
        ...(args.includes("--part") && (part === "dev" || part === "test") ? { part } : {}),
        verbose: args.includes("--verbose"),
      })
    ).table,
  );
}
if (only("pacing")) results.push((await runPacing(runs ? { runs } : {})).table);
if (only("fairness")) results.push((await runFairness(runs ? { runs } : {})).table);
process.stdout.write(`${tables.join("\n\n")}\n`);
