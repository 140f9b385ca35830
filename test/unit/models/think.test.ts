import { describe, expect, it } from "vitest";
import { stripThink } from "../../../src/models/think.js";

describe("thinking written into a reply's text is never part of it", () => {
  it.each([
    ["<think>…</think>", "<think>the user wants tac</think>\ntac reverse lines", "tac reverse lines"],
    ["upper-case tags", "<THINK>hmm</THINK> tac reverse lines", "tac reverse lines"],
    ["<thinking>", "<thinking>which tool?</thinking>tac reverse lines", "tac reverse lines"],
    ["<reasoning>", "<reasoning>which tool?</reasoning> tac reverse lines", "tac reverse lines"],
    ["Kimi's ◁think▷", "◁think▷which tool?◁/think▷tac reverse lines", "tac reverse lines"],
    ["two blocks", "<think>a</think>tac <think>b</think>reverse lines", "tac reverse lines"],
    [
      "only the closing tag (the template opened it)",
      "the user wants tac\n</think>\n\ntac reverse lines",
      "tac reverse lines",
    ],
    [
      "gpt-oss channels",
      "<|channel|>analysis<|message|>They want tac.<|end|><|start|>assistant<|channel|>final<|message|>tac reverse lines<|return|>",
      "tac reverse lines",
    ],
    ["a block never closed (cut off)", "tac reverse lines <think>and maybe rev", "tac reverse lines"],
    ["nothing but thinking", "<think>still thinking", ""],
    ["gpt-oss still in its analysis", "<|channel|>analysis<|message|>They want", ""],
  ])("%s", (_, reply, text) => {
    expect(stripThink(reply)).toBe(text);
  });

  it("while a reply is written, a tag only begun at its end is hidden too", () => {
    for (const begun of ["<", "<th", "<think", "◁thi", "<|chan"])
      expect(stripThink(`tac reverse lines ${begun}`, { partial: true })).toBe("tac reverse lines");
    expect(stripThink("a < b", { partial: true })).toBe("a < b");
    expect(stripThink("tac reverse lines <th")).toBe("tac reverse lines <th");
  });
});
