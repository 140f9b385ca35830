import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { resolveAgentSettings } from "../../src/agents/agent-settings.js";
import { createSearchIndex, rankingSettings } from "../../src/wiki/search-index/index.js";
import { loadTldrPages } from "../../packages/sandbox/src/memory-wiki.js";
import { type AscentResult, coordinateAscent } from "./fit-ascent.js";
import { type FitArgs, parseFitArgs } from "./fit-args.js";
import { createEvaluator, fitObjective } from "./fit-eval.js";
import { applySetting, describeChanges, discoverWeights, readSetting, selectWeights } from "./fit-params.js";
import { fitSynthetic } from "./fit-synthetic.js";
import { seededOrder } from "./people-questions.js";
import { OFF_TOPIC } from "./questions.js";
import { checkSplit, QUESTION_SETS } from "./run.js";
import { TUNING_SETS } from "./tune.js";

/** The seed of the random 2-fold split of the dev third used to check generalisation. */
export const HALVES_SEED = 17;

/** Question positions of each tuning set in the evaluator's list, and the dev third in two halves. */
function partsOf() {
  const questions = TUNING_SETS.flatMap((name) => QUESTION_SETS[name].questions);
  const positions = new Map<string, number[]>();
  let at = 0;
  for (const name of TUNING_SETS) {
    const n = QUESTION_SETS[name].questions.length;
    positions.set(
      name,
      Array.from({ length: n }, (_, i) => at + i),
    );
    at += n;
  }
  const parts = (name: string): number[] => {
    const found = positions.get(name);
    if (!found) throw new Error(`no question set ${name} among the tuning sets`);
    return found;
  };
  const dev = parts("peopleDev");
  const shuffled = seededOrder(dev.length, HALVES_SEED).map((i) => dev[i]!);
  const half = Math.ceil(dev.length / 2);
  positions.set("devA", shuffled.slice(0, half).sort(ascending));
  positions.set("devB", shuffled.slice(half).sort(ascending));
  return { questions, parts };
}

const ascending = (a: number, b: number) => a - b;

interface Fold {
  name: string;
  fitOn: number[];
  leftOut: number[];
}

/**
 * `node bench/dist/bench/answer-quality/fit.js [--help]`: fits the ranking's weights (fit-params.ts)
 * jointly on the tuning sets by coordinate ascent (fit-ascent.ts), the tldr index built once and
 * searched with each setting written into the bench's own settings object (settings.ts). First it judges whether such
 * a fit generalises: fitted on two tuning sets, scored on the third (each in turn), and fitted with
 * one random half of the dev third left out, scored on it. Then it fits on all three and prints
 * the figures before and after (as tune.js counts them) and the changed weights, file by file.
 */
export async function fit(args: FitArgs): Promise<void> {
  checkSplit();
  if ((TUNING_SETS as string[]).includes("peopleTest"))
    throw new Error("tune.ts TUNING_SETS lists the test part: fitting must never see it");
  // The bench's own settings: the weights are written into this copy, never into the product's.
  const settings = rankingSettings();
  const all = discoverWeights(settings);
  const weights = selectWeights(all, args.only);
  const baseline = readSetting(all);
  if (args.list) {
    for (const w of all) process.stdout.write(`${w.name} = ${w.get()}\n`);
    return;
  }
  if (args.synthetic > 0) return fitSynthetic(args, settings, all, weights, baseline);
  const started = performance.now();
  const wiki = await loadTldrPages();
  const index = createSearchIndex({ settings });
  await index.build(wiki, { concurrency: 8 });
  const agent = resolveAgentSettings("bench", undefined, "https://wiki.example.com");
  const { questions, parts } = partsOf();
  const offTopic = OFF_TOPIC.slice(0, 10);
  const evaluator = createEvaluator({ index, agent, weights: all, questions, offTopic });
  const limitOff = evaluator.confidentOffTopic(baseline);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(
    `index built in ${seconds(started)} s; fitting ${weights.length} weights (${weights
      .map((w) => w.name)
      .join(", ")})`,
  );
  say(
    `objective: ${args.objective === "mrr" ? `mean reciprocal rank of the accepted page (first 10)` : "top-1 + top-3 share"}; constraint: off-topic confident ≤ ${limitOff} of ${offTopic.length}; passes ${args.ascent.passes}, factors ${args.ascent.factors.join(" ")}, at most ${args.ascent.maxEvals} settings per fit`,
  );

  const { figures, objectiveOn } = fitObjective(evaluator, args.objective, limitOff);
  const runFit = (qs: number[]): AscentResult & { seconds: number; searches: number } => {
    const t = performance.now();
    const before = evaluator.searches;
    const result = coordinateAscent(weights, baseline, objectiveOn(qs), args.ascent);
    applySetting(all, baseline);
    return { ...result, seconds: seconds(t), searches: evaluator.searches - before };
  };

  if (args.cv) {
    const folds: Fold[] = [
      ...TUNING_SETS.map((out) => ({
        name: `leave out ${out}`,
        fitOn: TUNING_SETS.filter((s) => s !== out).flatMap((s) => parts(s)),
        leftOut: parts(out),
      })),
      {
        name: "peopleDev half A out",
        fitOn: [...parts("tuned"), ...parts("heldOut"), ...parts("devB")],
        leftOut: parts("devA"),
      },
      {
        name: "peopleDev half B out",
        fitOn: [...parts("tuned"), ...parts("heldOut"), ...parts("devA")],
        leftOut: parts("devB"),
      },
    ];
    say(
      `\ncross-validation (peopleDev halves: seed ${HALVES_SEED}, ${parts("devA").length} + ${parts("devB").length}):`,
    );
    const gains: number[] = [];
    const top1Gains: number[] = [];
    for (const fold of folds) {
      const result = runFit(fold.fitOn);
      const b = figures(baseline, fold.leftOut);
      const a = figures(result.setting, fold.leftOut);
      gains.push(a.mrr - b.mrr);
      top1Gains.push((a.top1 - b.top1) / a.n);
      say(
        `  ${fold.name.padEnd(22)} fit ${fmt(objectiveOn(fold.fitOn)(baseline).objective)} → ${fmt(result.objective)}; left out n=${a.n}: mrr ${fmt(b.mrr)} → ${fmt(a.mrr)}, top1 ${b.top1} → ${a.top1}, top3 ${b.top3} → ${a.top3}  (${result.evals} settings${result.capped ? ", capped" : ""}, ${result.searches} searches, ${result.seconds} s)`,
      );
      for (const move of result.moves) say(`      ${move}`);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    say(
      `  mean left-out change: leave-one-set-out mrr ${signed(mean(gains.slice(0, 3)))}, top1 ${points(mean(top1Gains.slice(0, 3)))}; peopleDev halves mrr ${signed(mean(gains.slice(3)))}, top1 ${points(mean(top1Gains.slice(3)))}`,
    );
    say(
      mean(gains.slice(0, 3)) > 0 && mean(gains.slice(3)) > 0
        ? "  → the joint fit generalises on average (both kinds of left-out part gain)"
        : "  → the joint fit does not generalise: a left-out part loses on average",
    );
  }

  if (args.final) {
    const everything = TUNING_SETS.flatMap((s) => parts(s));
    const result = runFit(everything);
    say(
      `\nfit on all three sets: objective ${fmt(objectiveOn(everything)(baseline).objective)} → ${fmt(result.objective)} (${result.evals} settings${result.capped ? ", capped" : ""}, ${result.passes} pass${result.passes === 1 ? "" : "es"}, ${result.searches} searches, ${result.seconds} s)`,
    );
    for (const move of result.moves) say(`    ${move}`);
    for (const [label, setting] of [
      ["current", baseline],
      ["fitted", result.setting],
    ] as const) {
      say(`  ${label}:`);
      for (const name of TUNING_SETS) {
        const f = figures(setting, parts(name));
        say(
          `    ${name.padEnd(10)} n=${f.n} top1=${rate(f.top1, f.n)} top3=${rate(f.top3, f.n)} mrr=${fmt(f.mrr)}`,
        );
      }
      say(
        `    off-topic answered confidently: ${evaluator.confidentOffTopic(setting)} of ${offTopic.length}`,
      );
    }
    const changes = describeChanges(baseline, result.setting);
    say(
      changes.length === 0
        ? "\nno weight changed"
        : `\nbest setting (weights that changed; adopt it only if the cross-validation says the fit generalises):\n${changes.join("\n")}`,
    );
  }
  say(
    `\n${evaluator.settings} settings scored, ${evaluator.searches} searches, ${seconds(started)} s in all`,
  );
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
const fmt = (x: number) => x.toFixed(4);
const signed = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(4)}`;
const points = (share: number) => `${share >= 0 ? "+" : ""}${(100 * share).toFixed(1)} points`;
const rate = (k: number, n: number) => Math.round((1000 * k) / (n || 1)) / 1000;

const invokedAs = process.argv[1];
if (invokedAs && import.meta.url === pathToFileURL(resolve(invokedAs)).href)
  await fit(parseFitArgs(process.argv.slice(2)));
