import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseReplayFixture, readReplayFixture } from "../../packages/sandbox/src/model/index.js";
import { DEFAULT_FIXTURE } from "./with-model.js";

const PROMPTS = "bench/answer-quality/model-prompts.jsonl";

/**
 * Appends the replies recorded in a recording folder (replies-K.jsonl, as dump-prompts.ts's
 * prompts-K.jsonl were answered) to the replay fixture, in the order of model-prompts.jsonl.
 * Refuses a reply whose prompt is not in model-prompts.jsonl (every reply keeps its prompt), and
 * keeps the replies already in the fixture. The fixture's `recording` line says how the replies
 * were recorded: edit it by hand for a new recording.
 *
 *   node bench/dist/bench/answer-quality/merge-replies.js FOLDER [FIXTURE]
 */
export function mergeReplies(folder: string, fixturePath = DEFAULT_FIXTURE): number {
  const prompts = readFileSync(PROMPTS, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { key: string }).key);
  const known = new Set(prompts);
  const recorded = new Map<string, string>();
  for (const file of readdirSync(folder).filter((f) => /^replies-\d+\.jsonl$/.test(f))) {
    const text = readFileSync(join(folder, file), "utf8");
    parseReplayFixture(text, file); // the same format checks as the stand-in's
    for (const line of text.split("\n").filter((l) => l.trim() !== "")) {
      const { key, reply } = JSON.parse(line) as { key: string; reply: string };
      if (!known.has(key))
        throw new Error(`${file}: key ${key} is not in ${PROMPTS}; dump the prompts again before merging`);
      recorded.set(key, reply);
    }
  }
  const fixture = readReplayFixture(fixturePath);
  const added = prompts.filter((k) => recorded.has(k) && fixture.reply(k) === undefined);
  appendFileSync(
    fixturePath,
    added.map((key) => `${JSON.stringify({ key, reply: recorded.get(key) })}\n`).join(""),
  );
  return added.length;
}

const folder = process.argv[2];
if (!folder) throw new Error("usage: merge-replies.js FOLDER [FIXTURE]");
const added = mergeReplies(resolve(folder), process.argv[3] ?? DEFAULT_FIXTURE);
process.stdout.write(`appended ${added} replies\n`);
