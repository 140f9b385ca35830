import { describe, expect, it } from "vitest";
import { emojiSign, voteOf } from "../../../src/pipeline/vote-sign.js";

describe("emoji as votes", () => {
  it.each([
    ["👍", 1],
    ["❤", 1],
    ["❤️", 1],
    ["🔥", 1],
    ["👏", 1],
    ["👍🏽", 1],
    ["👎", -1],
    ["💩", -1],
    ["🤔", -1],
    ["👎🏿", -1],
    ["😁", 0],
    ["👀", 0],
    ["❤‍🔥", 0],
    ["🎉", 0],
    ["", 0],
    ["thumbs up", 0],
  ] as const)("%s counts as %i", (emoji, sign) => {
    expect(emojiSign(emoji)).toBe(sign);
  });

  it("a set of reactions is one vote: clear when one-sided, none when mixed or empty", () => {
    expect(voteOf(["👍"])).toBe(1);
    expect(voteOf(["🔥", "👏", "😁"])).toBe(1);
    expect(voteOf(["💩", "🤔"])).toBe(-1);
    expect(voteOf(["👎", "🎉"])).toBe(-1);
    expect(voteOf(["👍", "👎"])).toBe(0);
    expect(voteOf(["😁", "🎉"])).toBe(0);
    expect(voteOf([])).toBe(0);
  });
});
