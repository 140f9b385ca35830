import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseReplayFixture } from "../../../../packages/sandbox/src/model/index.js";
import type { ChatMessage } from "../../../../src/models/chat-types.js";
import { promptKey } from "../../../../src/models/prompt-key.js";

const lines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");

/** The answer-quality bench's recorded replies and the prompts they answer. */
describe("the bench's replay fixture", () => {
  const prompts = lines("bench/answer-quality/model-prompts.jsonl").map(
    (l) => JSON.parse(l) as { key: string; messages: ChatMessage[] },
  );
  const replies = lines("bench/answer-quality/model-replies.jsonl");

  it("keys each prompt by the promptKey of its messages, once", () => {
    for (const p of prompts) expect(promptKey(p.messages)).toBe(p.key);
    expect(new Set(prompts.map((p) => p.key)).size).toBe(prompts.length);
  });

  it("opens with one line saying how it was recorded, then one reply per prompt key it holds, each with its prompt", () => {
    const fixture = parseReplayFixture(replies.join("\n"));
    expect(fixture.recording).toHaveLength(1);
    expect(JSON.parse(replies[0]!)).toHaveProperty("recording.how");
    const keys = replies.slice(1).map((l) => (JSON.parse(l) as { key: string }).key);
    expect(new Set(keys).size).toBe(keys.length);
    const known = new Set(prompts.map((p) => p.key));
    expect(keys.filter((k) => !known.has(k))).toEqual([]);
    expect(fixture.size()).toBeGreaterThan(1000);
  });
});
