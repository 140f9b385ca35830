import { describe, expect, it } from "vitest";
import { isOwnQuestion, questionOf } from "../../../src/pipeline/question-text.js";
import { group } from "../policy/fixtures.js";

describe("isOwnQuestion", () => {
  it.each([
    ["can you answer this?", false],
    ["please help with that", false],
    ["what about this one?", false],
    ["", false],
    ["?", false],
    ["how do I rotate logs?", true],
    ["tar extract", true],
    ["what is a backup", true],
  ])("%s → %s", (words, own) => {
    expect(isOwnQuestion(words)).toBe(own);
  });
});

describe("questionOf", () => {
  const replied = "How do I restore last night's backup?";
  it("a mention replying to another user's question with pointing words asks the replied-to question", () => {
    expect(questionOf(group({ mentionsBot: true, args: "can you answer this?", repliedText: replied }))).toBe(
      replied,
    );
  });
  it("keeps the mention's own question", () => {
    expect(
      questionOf(group({ mentionsBot: true, args: "how do I rotate logs?", repliedText: replied })),
    ).toBe("how do I rotate logs?");
  });
  it("a bare mention replying to a question asks that question", () => {
    expect(questionOf(group({ mentionsBot: true, args: "", repliedText: replied }))).toBe(replied);
  });
  it("without a mention, or with a command, the message's own words", () => {
    expect(questionOf(group({ args: "hello", repliedText: replied }))).toBe("hello");
    expect(questionOf(group({ mentionsBot: true, command: "search", args: "", repliedText: replied }))).toBe(
      "",
    );
  });
});
