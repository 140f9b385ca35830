import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { promptKey } from "../../src/models/prompt-key.js";
import { rewriteMessages } from "../../src/models/prompts.js";
import { benchQuestions } from "./model-sets.js";

/**
 * Writes exactly the prompts the product sends to a model for the bench's questions (the rewrite
 * prompt of src/models/prompts.ts, as the answerer builds it for the wiki locale each set is asked of), so that a
 * model's replies can be recorded for the replay fixture. One JSON object a line:
 *   {"key": "<promptKey>", "messages": [{role, content}, ...], "uses": [{"set", "index"}, ...]}
 * A prompt asked by several sets is written once. The replies go in a fixture of lines
 *   {"key": "<the same key>", "reply": "<the model's reply, as it gave it>"}
 * after a first line {"recording": {"model", "date", "how"}} (packages/sandbox/src/model/replay-fixture.ts).
 *
 *   node bench/dist/bench/answer-quality/dump-prompts.js [OUT]   (default bench/answer-quality/model-prompts.jsonl)
 */
export function dumpPrompts(out: string): number {
  const byKey = new Map<
    string,
    { key: string; messages: unknown; uses: Array<{ set: string; index: number }> }
  >();
  for (const { set, index, question, locale } of benchQuestions()) {
    const messages = rewriteMessages(question, locale);
    const key = promptKey(messages);
    const entry = byKey.get(key) ?? { key, messages, uses: [] };
    entry.uses.push({ set, index });
    byKey.set(key, entry);
  }
  writeFileSync(out, [...byKey.values()].map((e) => `${JSON.stringify(e)}\n`).join(""));
  return byKey.size;
}

const out = resolve(process.argv[2] ?? "bench/answer-quality/model-prompts.jsonl");
const written = dumpPrompts(out);
process.stdout.write(`wrote ${written} prompts to ${out}\n`);
