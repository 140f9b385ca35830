import { resolveAgentSettings } from "../../src/agents/agent-settings.js";
import { createSearchIndex, type RankingSettings } from "../../src/wiki/search-index/index.js";
import { createMemoryWiki } from "../../packages/sandbox/src/memory-wiki.js";
import { readTldrPages, tldrRoot } from "../../packages/sandbox/src/tldr-corpus.js";
import { coordinateAscent } from "./fit-ascent.js";
import type { FitArgs } from "./fit-args.js";
import { createEvaluator, fitObjective } from "./fit-eval.js";
import { applySetting, describeChanges, type Setting, type Weight } from "./fit-params.js";
import { seededOrder } from "./people-questions.js";
import { OFF_TOPIC } from "./questions.js";
import { QUESTION_SETS } from "./run.js";
import { drawSyntheticSet, SYNTHETIC_SEED } from "./synthetic.js";
import { TUNING_SETS } from "./tune.js";

/**
 * The self-supervised fit (`fit.js --synthetic N`): the weights are fitted on N questions the
 * corpus asks of itself (synthetic.ts), so that every human-written tuning set is left out and
 * only scored before and after. The synthetic questions are also split in two halves (fit on one,
 * scored on the other) to show whether the fit carries over within its own kind. The index is
 * built from the corpus with the drawn examples taken out, for the before and after alike.
 */
export async function fitSynthetic(
  args: FitArgs,
  settings: RankingSettings,
  all: readonly Weight[],
  weights: readonly Weight[],
  baseline: Setting,
): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const started = performance.now();
  const corpus = await readTldrPages(tldrRoot());
  const drawn = drawSyntheticSet(corpus, args.synthetic, SYNTHETIC_SEED, { central: args.central });
  const index = createSearchIndex({ settings });
  await index.build(createMemoryWiki(drawn.pages), { concurrency: 8 });
  const agent = resolveAgentSettings("bench", undefined, "https://wiki.example.com");
  const human = TUNING_SETS.flatMap((name) => QUESTION_SETS[name].questions);
  const questions = [...human, ...drawn.questions];
  const offTopic = OFF_TOPIC.slice(0, 10);
  const evaluator = createEvaluator({ index, agent, weights: all, questions, offTopic });
  const limitOff = evaluator.confidentOffTopic(baseline);
  const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
  const synthetic = range(human.length, drawn.questions.length);
  const order = seededOrder(synthetic.length, SYNTHETIC_SEED).map((i) => synthetic[i]!);
  const half = Math.ceil(order.length / 2);
  const halves = [order.slice(0, half), order.slice(half)];
  const { figures, objectiveOn } = fitObjective(evaluator, args.objective, limitOff);
  const fitOn = (qs: number[]) => {
    const result = coordinateAscent(weights, baseline, objectiveOn(qs), args.ascent);
    applySetting(all, baseline);
    return result;
  };
  say(
    `${drawn.questions.length} synthetic questions (seed ${SYNTHETIC_SEED}), index built in ${seconds(started)} s; fitting ${weights.length} weights`,
  );
  for (const q of drawn.questions.slice(0, 5)) say(`  e.g. "${q.question}" → ${q.answers[0]}`);
  if (args.cv) {
    for (const [i, part] of halves.entries()) {
      const other = halves[1 - i]!;
      const result = fitOn(part);
      const b = figures(baseline, other);
      const a = figures(result.setting, other);
      say(
        `  synthetic half ${i + 1} fitted, the other scored: mrr ${fmt(b.mrr)} → ${fmt(a.mrr)}, top1 ${b.top1} → ${a.top1}, top3 ${b.top3} → ${a.top3} of ${a.n} (${result.evals} settings)`,
      );
    }
  }
  if (!args.final) return;
  const result = fitOn(synthetic);
  say(
    `\nfit on all synthetic questions: ${fmt(objectiveOn(synthetic)(baseline).objective)} → ${fmt(result.objective)} (${result.evals} settings${result.capped ? ", capped" : ""})`,
  );
  for (const move of result.moves) say(`    ${move}`);
  let at = 0;
  say("  left-out human sets, before → after (index without the drawn examples):");
  for (const name of TUNING_SETS) {
    const n = QUESTION_SETS[name].questions.length;
    const qs = range(at, n);
    at += n;
    const b = figures(baseline, qs);
    const a = figures(result.setting, qs);
    say(
      `    ${name.padEnd(10)} n=${n} top1 ${b.top1} → ${a.top1}, top3 ${b.top3} → ${a.top3}, mrr ${fmt(b.mrr)} → ${fmt(a.mrr)}`,
    );
  }
  say(
    `    off-topic answered confidently: ${evaluator.confidentOffTopic(baseline)} → ${evaluator.confidentOffTopic(result.setting)} of ${offTopic.length}`,
  );
  const changes = describeChanges(baseline, result.setting);
  say(changes.length === 0 ? "\nno weight changed" : `\nfitted setting:\n${changes.join("\n")}`);
  say(`\n${evaluator.searches} searches, ${seconds(started)} s in all`);
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
const fmt = (x: number) => x.toFixed(4);
