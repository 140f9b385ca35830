import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promptKey } from "../../src/models/prompt-key.js";
import { rewriteMessages } from "../../src/models/prompts.js";
import { readReplayFixture } from "../../packages/sandbox/src/model/index.js";
import { answerPrompts } from "./answer-prompts.js";
import { benchQuestions } from "./model-sets.js";
import { seededOrder } from "./people-questions.js";
import { teamAgent } from "./team-run.js";
import { teamWiki } from "./team-wiki.js";
import { DEFAULT_FIXTURE } from "./with-model.js";

interface Prompt {
  key: string;
  messages: unknown;
  uses: Array<{ set: string; index: number; purpose: "rewrite" | "answer" }>;
}

/** Sets whose grounded answers are asked of the English tldr wiki. */
const ANSWER_SETS = /^(tuned|heldOut|peopleDev|peopleTest|offTopic|peopleOffTopic|(ru|de|es|zh)@en)$/;
/** Sets whose grounded answers are asked of the handbook and tldr wiki, by the demo's main bot. */
const TEAM_SETS = /^team(Dev|Test)$/;
/** Files a recording is split into, one for each agent recording replies. */
const RECORDING_PARTS = 4;
const SHUFFLE_SEED = 29;

/**
 * Writes exactly the prompts the product sends to a model for the bench's questions, so that a
 * model's replies can be recorded for the replay fixture: the rewrite prompt of
 * src/models/prompts.ts for every question (as the answerer builds it for the wiki locale each set
 * is asked of), and the grounded-answer prompt (modelUse "answer") for the sets asked of the
 * English tldr wiki and for the team questions (of the handbook and tldr wiki), built by the product's answerer from the rewrites already recorded in the
 * fixture (answer-prompts.ts). One JSON object a line:
 *   {"key": "<promptKey>", "messages": [{role, content}, ...], "uses": [{"set", "index", "purpose"}, ...]}
 * A prompt asked by several sets is written once. The replies go in a fixture of lines
 *   {"key": "<the same key>", "reply": "<the model's reply, as it gave it>"}
 * after a first line {"recording": {"model", "date", "how"}} (packages/sandbox/src/model/replay-fixture.ts).
 *
 * With a recording folder, the prompts the fixture has no reply for are also written there for
 * the recording, as nothing but {"key", "messages"} (no set names, no expected pages), shuffled
 * and split in RECORDING_PARTS files prompts-K.jsonl, followed by an empty READY file.
 *
 *   node bench/dist/bench/answer-quality/dump-prompts.js [OUT] [RECORDING-FOLDER]
 *   (default OUT bench/answer-quality/model-prompts.jsonl)
 */
export async function dumpPrompts(
  out: string,
  recording?: string,
): Promise<{ written: number; toRecord: number }> {
  const fixture = readReplayFixture(DEFAULT_FIXTURE);
  const byKey = new Map<string, Prompt>();
  const keep = (messages: Parameters<typeof promptKey>[0], use: Prompt["uses"][number]) => {
    const key = promptKey(messages);
    const entry = byKey.get(key) ?? { key, messages, uses: [] };
    entry.uses.push(use);
    byKey.set(key, entry);
  };
  const questions = benchQuestions();
  for (const { set, index, question, locale } of questions)
    keep(rewriteMessages(question, locale), { set, index, purpose: "rewrite" });
  const answers = [
    ...(await answerPrompts(
      questions.filter((q) => ANSWER_SETS.test(q.set)),
      fixture,
    )),
    ...(await answerPrompts(
      questions.filter((q) => TEAM_SETS.test(q.set)),
      fixture,
      { wiki: await teamWiki(), agent: teamAgent },
    )),
  ];
  for (const { question, messages } of answers)
    keep(messages, { set: question.set, index: question.index, purpose: "answer" });
  const all = [...byKey.values()];
  writeFileSync(out, all.map((e) => `${JSON.stringify(e)}\n`).join(""));
  const missing = all.filter((e) => fixture.reply(e.key) === undefined);
  if (recording) writeRecording(recording, missing);
  return { written: all.length, toRecord: missing.length };
}

function writeRecording(folder: string, prompts: readonly Prompt[]): void {
  mkdirSync(folder, { recursive: true });
  const order = seededOrder(prompts.length, SHUFFLE_SEED);
  const parts: string[][] = Array.from({ length: RECORDING_PARTS }, () => []);
  order.forEach((i, n) => {
    const { key, messages } = prompts[i]!;
    parts[n % RECORDING_PARTS]!.push(`${JSON.stringify({ key, messages })}\n`);
  });
  parts.forEach((lines, k) => writeFileSync(join(folder, `prompts-${k + 1}.jsonl`), lines.join("")));
  writeFileSync(join(folder, "READY"), "");
}

const out = resolve(process.argv[2] ?? "bench/answer-quality/model-prompts.jsonl");
const recording = process.argv[3] === undefined ? undefined : resolve(process.argv[3]);
const { written, toRecord } = await dumpPrompts(out, recording);
process.stdout.write(`wrote ${written} prompts to ${out}; ${toRecord} have no recorded reply\n`);
