import { describe, expect, it } from "vitest";
import { stripThink } from "../../../src/models/think.js";
import { createThinkFilter } from "../../../src/models/think-stream.js";

const REPLIES = [
  "<think>the user wants tac</think>\ntac reverse lines",
  "<THINK>hmm</THINK> tac reverse lines",
  "<thinking>which tool?</thinking>tac reverse lines",
  "<reasoning>which tool?</reasoning> tac reverse lines",
  "◁think▷which tool?◁/think▷tac reverse lines",
  "<think>a</think>tac <think>b</think>reverse lines",
  "the user wants tac\n</think>\n\ntac reverse lines",
  "<|channel|>analysis<|message|>They want tac.<|end|><|start|>assistant<|channel|>final<|message|>tac reverse lines<|return|>",
  "tac reverse lines <think>and maybe rev",
  "<think>still thinking",
  "<|channel|>analysis<|message|>They want",
  "a < b and c <= d, then <b>bold</b>",
  "plain text with  two spaces\nand a line",
];

/** Every way of cutting `text` into two or three pieces, and into single characters. */
function* splits(text: string): Generator<string[]> {
  const chars = [...text];
  yield chars;
  for (let i = 1; i < chars.length; i++) {
    yield [chars.slice(0, i).join(""), chars.slice(i).join("")];
    const j = Math.min(chars.length - 1, i + 7);
    if (j > i) yield [chars.slice(0, i).join(""), chars.slice(i, j).join(""), chars.slice(j).join("")];
  }
}

describe("thinking taken out while a reply streams", () => {
  it.each(REPLIES)("the text after the last piece is stripThink's, however it is cut: %s", (reply) => {
    for (const pieces of splits(reply)) {
      const filter = createThinkFilter();
      let last = "";
      for (const piece of pieces) last = filter.push(piece);
      expect(last, JSON.stringify(pieces)).toBe(stripThink(reply, { partial: true }));
    }
  });

  it("never shows thinking, nor a tag being written, while the reply streams", () => {
    const filter = createThinkFilter();
    const seen = ["tac ", "<th", "ink>the user ", "wants tac</th", "ink>reverse lines"].map((p) =>
      filter.push(p),
    );
    expect(seen).toEqual(["tac", "tac", "tac", "tac", "tac reverse lines"]);
  });

  it("costs time in proportion to each piece, not to the text so far", () => {
    const timeOf = (pieces: number) => {
      const runs = [0, 1, 2].map(() => {
        const filter = createThinkFilter();
        const started = performance.now();
        for (let i = 0; i < pieces; i++) filter.push(i % 50 === 0 ? " <think>x</think> word" : " word");
        return performance.now() - started;
      });
      return runs.sort((a, b) => a - b)[1]!;
    };
    timeOf(1_000); // warm up
    const small = Math.max(timeOf(5_000), 1);
    const large = timeOf(100_000);
    // Twenty times the pieces: about twenty times the time (a rereading of the text would take 400).
    expect(large / small).toBeLessThan(120);
  });
});
