import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { createAnswerer } from "../../src/agents/answer.js";
import { loadTldrPages } from "../../packages/sandbox/src/memory-wiki.js";
import { createSearchIndex } from "../../src/wiki/search-index/index.js";
import { OFF_TOPIC } from "./questions.js";
import {
  answerRanks,
  checkSplit,
  falseAnswers,
  QUESTION_SETS,
  type QuestionSetName,
  setQuality,
} from "./run.js";

/** The sets ranking may be tuned on: never the test part. */
export const TUNING_SETS: QuestionSetName[] = ["tuned", "heldOut", "peopleDev"];

/**
 * `node bench/dist/bench/answer-quality/tune.js [--misses]`: the figures a ranking change may be judged
 * by (tuned, held-out and dev sets, the first ten off-topic questions), quickly and without the test part, so that
 * tuning cannot look at it. The full report, test part included, is `npm run bench -- answer-quality`.
 */
export async function tune(showMisses: boolean): Promise<void> {
  checkSplit();
  const wiki = await loadTldrPages();
  const index = createSearchIndex();
  await index.build(wiki, { concurrency: 8 });
  const answerer = createAnswerer({ index, wiki });
  for (const name of TUNING_SETS) {
    const details = await answerRanks(answerer, QUESTION_SETS[name].questions);
    const q = setQuality(details);
    process.stdout.write(
      `${name.padEnd(10)} n=${q.questions} top1=${q.top1Rate} top3=${q.top3Rate} nothing=${q.nothingFoundRate} weak=${q.weakRate}\n`,
    );
    if (showMisses)
      for (const d of details.filter((x) => x.rank !== 0))
        process.stdout.write(
          `    ${d.rank < 0 ? "✗" : `#${d.rank + 1}`} ${d.question} → ${d.got.join(", ")}\n`,
        );
  }
  // The first ten off-topic questions calibrate; the twenty newer ones are only reported.
  const off = await falseAnswers(answerer, OFF_TOPIC);
  process.stdout.write(
    `off-topic answered confidently: ${off.answeredAnyway} of ${off.questions} (weak: ${off.weak})\n`,
  );
  if (showMisses)
    for (const f of off.examples) process.stdout.write(`    ${f.confidence} ${f.question} → ${f.got}\n`);
}

const invokedAs = process.argv[1];
if (invokedAs && import.meta.url === pathToFileURL(resolve(invokedAs)).href)
  await tune(process.argv.includes("--misses"));
