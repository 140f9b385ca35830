import { describe, expect, it } from "vitest";
import { usageOf } from "../../../src/models/usage.js";

const call = {
  messages: [{ role: "user" as const, content: "how do I extract a tar archive" }],
  maxTokens: 400,
};

describe("a server's usage is taken only when it is believable", () => {
  it("takes whole counts within the prompt's bytes and twice max_tokens", () => {
    expect(usageOf({ prompt_tokens: 12, completion_tokens: 380 }, call)).toEqual({
      prompt: 12,
      completion: 380,
    });
    expect(usageOf({ prompt_tokens: 0, completion_tokens: 800 }, call)).toEqual({
      prompt: 0,
      completion: 800,
    });
  });

  it.each([
    ["absent", undefined],
    ["huge", { prompt_tokens: 1e300, completion_tokens: 1e308 }],
    ["a completion past max_tokens", { prompt_tokens: 12, completion_tokens: 801 }],
    ["a prompt longer than the messages allow", { prompt_tokens: 10_000_000, completion_tokens: 5 }],
    ["negative", { prompt_tokens: -5, completion_tokens: 5 }],
    ["fractional", { prompt_tokens: 1.5, completion_tokens: 5 }],
    ["infinite", { prompt_tokens: Infinity, completion_tokens: 5 }],
    ["strings", { prompt_tokens: "12", completion_tokens: "5" }],
  ])("%s: undefined (the caller estimates)", (_, usage) => {
    expect(usageOf(usage, call)).toBeUndefined();
  });
});
