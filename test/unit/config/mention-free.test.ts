import { describe, expect, it } from "vitest";
import { mentionFreePlaces } from "../../../src/config/mention-free.js";
import { account } from "../policy/fixtures.js";

describe("mentionFreePlaces (what privacy mode would silence)", () => {
  it("names groups and topics that set requireMention false, a topic only where its group does not", () => {
    const { groups } = account({
      groups: {
        "-1001": { requireMention: false, topics: { "7": { requireMention: false } } },
        "-1002": { topics: { "1": { requireMention: false }, "8": { requireMention: true } } },
        "-1003": { requireMention: true },
        "*": { requireMention: false },
      },
    });
    expect(mentionFreePlaces(groups)).toEqual(["-1001", "-1002 topic 1", "*"]);
  });
});
