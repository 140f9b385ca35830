import { describe, expect, it } from "vitest";
import type { ReactionEvent } from "../../../src/core/reaction-event.js";
import type { Decision } from "../../../src/policy/decision.js";
import { resolveAccountPolicy } from "../../../src/policy/evaluate.js";
import { evaluateReaction } from "../../../src/policy/reaction-rule.js";
import { account, approvals } from "./fixtures.js";

/** User 111's 👍 in their DM with the bot. */
function dmReaction(overrides: Partial<ReactionEvent> = {}): ReactionEvent {
  return {
    account: "main",
    updateId: 1,
    chatId: overrides.userId ?? 111,
    chatType: "private",
    messageId: 10,
    userId: 111,
    userIsBot: false,
    oldEmoji: [],
    newEmoji: ["👍"],
    date: 1_700_000_000,
    ...overrides,
  };
}
const groupReaction = (overrides: Partial<ReactionEvent> = {}) =>
  dmReaction({ chatId: -1001, chatType: "supergroup", ...overrides });

/** An anonymous admin's reaction in the group: `actor_chat`, no user. */
function anonymous(): ReactionEvent {
  const { userId: _user, ...event } = groupReaction({ actorChatId: -1001 });
  return event;
}

const listed = { groups: { "-1001": {} } };
const cases: Array<[string, Record<string, unknown>, ReactionEvent, Decision, string[]?]> = [
  [
    "DM, allowlisted user",
    { dmPolicy: "allowlist", allowFrom: ["111"] },
    dmReaction(),
    { allow: true, via: "allowlist" },
  ],
  [
    "DM, user not on the allowlist",
    { dmPolicy: "allowlist", allowFrom: ["222"] },
    dmReaction(),
    { allow: false, reason: "dm-not-allowed" },
  ],
  [
    "DM, approved under pairing",
    { dmPolicy: "pairing" },
    dmReaction(),
    { allow: true, via: "pairing" },
    ["main:111"],
  ],
  // A reaction never starts pairing: the flag a message would carry is dropped.
  [
    "DM, unknown under pairing",
    { dmPolicy: "pairing" },
    dmReaction(),
    { allow: false, reason: "dm-pairing-pending" },
  ],
  ["DM, open", { dmPolicy: "open" }, dmReaction(), { allow: true, via: "open" }],
  [
    "DM, disabled",
    { dmPolicy: "disabled", allowFrom: ["111"] },
    dmReaction(),
    { allow: false, reason: "dm-disabled" },
  ],
  [
    "DM, chat is not the user's",
    { dmPolicy: "open" },
    dmReaction({ chatId: 555 }),
    { allow: false, reason: "chat-sender-mismatch" },
  ],
  // requireMention (the default) is met: a reaction on the bot's answer addresses the bot.
  ["group listed, member allowed by its exact id", listed, groupReaction(), { allow: true, via: "group" }],
  [
    "group listed, sender list excludes the user",
    { groupAllowFrom: ["222"], ...listed },
    groupReaction(),
    { allow: false, reason: "group-sender-not-allowed" },
  ],
  [
    "group listed, sender list names the user",
    { groupAllowFrom: ["111"], ...listed },
    groupReaction(),
    { allow: true, via: "group" },
  ],
  ["group not listed", {}, groupReaction(), { allow: false, reason: "group-not-listed" }],
  [
    "group disabled",
    { groups: { "-1001": { enabled: false } } },
    groupReaction(),
    { allow: false, reason: "group-disabled" },
  ],
  [
    "groups disabled",
    { groupPolicy: "disabled", ...listed },
    groupReaction(),
    { allow: false, reason: "groups-disabled" },
  ],
  // DM approvals never admit anyone to a group.
  [
    "group, a DM approval does not count",
    { groupAllowFrom: ["222"], ...listed },
    groupReaction(),
    { allow: false, reason: "group-sender-not-allowed" },
    ["main:111"],
  ],
  ["anonymous reaction (actor_chat)", listed, anonymous(), { allow: false, reason: "sender-is-channel" }],
  ["a bot's reaction", listed, groupReaction({ userIsBot: true }), { allow: false, reason: "from-bot" }],
  [
    "account disabled",
    { enabled: false, dmPolicy: "open" },
    dmReaction(),
    { allow: false, reason: "account-disabled" },
  ],
  [
    "account disabled, anonymous",
    { enabled: false, ...listed },
    anonymous(),
    { allow: false, reason: "account-disabled" },
  ],
];

describe("evaluateReaction: the same rules as messages in that chat", () => {
  it.each(cases)("%s", (_name, config, event, expected, approved = []) => {
    const policy = resolveAccountPolicy(account(config));
    expect(evaluateReaction(event, policy, approvals(...approved))).toEqual(expected);
  });

  it("in a forum, the rules of the topic the answer went to", () => {
    const forum = {
      groups: {
        "-1001": {
          allowFrom: ["111"],
          topics: { "7": { allowFrom: ["222"] }, "9": { enabled: false } },
        },
      },
    };
    const policy = resolveAccountPolicy(account(forum));
    const inTopic = (threadId: number) => ({ threadId, forum: true });
    // Topic 7 admits only 222: 111's vote there is not counted, though the group admits 111.
    expect(evaluateReaction(groupReaction(), policy, approvals(), inTopic(7))).toEqual({
      allow: false,
      reason: "group-sender-not-allowed",
    });
    expect(evaluateReaction(groupReaction({ userId: 222 }), policy, approvals(), inTopic(7))).toMatchObject({
      allow: true,
    });
    expect(evaluateReaction(groupReaction(), policy, approvals(), inTopic(9))).toEqual({
      allow: false,
      reason: "topic-disabled",
    });
    // General (no thread id in a forum) and other topics follow the group.
    expect(evaluateReaction(groupReaction(), policy, approvals(), { forum: true })).toMatchObject({
      allow: true,
    });
  });
});
