import { describe, expect, it } from "vitest";
import type { Answer } from "../../../src/agents/answer.js";
import { replyOf } from "../../../src/agents/wiki-agent.js";

const source = (path: string) => ({
  path,
  locale: "en",
  title: path.toUpperCase(),
  url: `https://w/${path}`,
  score: 1,
});
const base: Answer = { found: true, confidence: "confident", html: "<b>VPN</b>", sources: [], via: "index" };

describe("the reply to what the answerer found", () => {
  it("a found answer names its answering page (the first source), without its url or score", () => {
    expect(replyOf({ ...base, sources: [source("ops/vpn"), source("ops/wifi")] })).toEqual({
      kind: "answer",
      chunks: ["<b>VPN</b>"],
      page: { path: "ops/vpn", locale: "en", title: "OPS/VPN" },
    });
  });

  it("a weak match with choices offers them, best first", () => {
    const reply = replyOf({
      ...base,
      confidence: "weak",
      choices: [source("a"), source("b")],
      sources: [source("a"), source("b")],
    });
    expect(reply).toEqual({
      kind: "choices",
      chunks: ["<b>VPN</b>"],
      choices: [
        { path: "a", locale: "en", title: "A" },
        { path: "b", locale: "en", title: "B" },
      ],
    });
  });

  it("nothing found, and a wiki failure (whatever else it carries), keep their own kinds", () => {
    const none: Answer = { found: false, confidence: "none", html: "nothing", sources: [], via: "none" };
    expect(replyOf(none)).toEqual({ kind: "not-found", chunks: ["nothing"] });
    expect(replyOf({ ...none, html: "sorry", error: new Error("down"), choices: [source("a")] })).toEqual({
      kind: "error",
      chunks: ["sorry"],
    });
  });

  it("a long answer is split into Telegram messages", () => {
    const reply = replyOf({ ...base, html: "word ".repeat(2000), sources: [source("x")] });
    expect(reply.kind).toBe("answer");
    expect(reply.chunks.length).toBeGreaterThan(1);
  });
});
