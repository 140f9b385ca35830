import { describe, expect, it } from "vitest";
import { describeForbidden } from "../../../src/accounts/forbidden.js";

describe("describeForbidden", () => {
  it.each([
    ["Forbidden: bot was blocked by the user", "the user blocked the bot"],
    ["Forbidden: bot was kicked from the supergroup chat", "the bot was removed from the group"],
    ["Forbidden: bot was kicked from the group chat", "the bot was removed from the group"],
    ["Forbidden: bot is not a member of the supergroup chat", "the bot is not a member of the group"],
    ["Forbidden: user is deactivated", "the user deleted their account"],
    ["Forbidden: bot can't initiate conversation with a user", "the user never wrote to the bot"],
    ["Forbidden: something new", "Telegram refused to deliver it (403)"],
  ])("%s", (description, words) => {
    expect(describeForbidden(description)).toBe(words);
  });
});
