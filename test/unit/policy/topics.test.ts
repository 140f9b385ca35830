import { describe, expect, it } from "vitest";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import type { Decision } from "../../../src/policy/decision.js";
import { evaluate, resolveAccountPolicy } from "../../../src/policy/evaluate.js";
import { resolveGroupRule, rulesFor, topicOf } from "../../../src/policy/group-rules.js";
import { account, approvals, group } from "./fixtures.js";

/**
 * Forum topics in gateway.json: a topic's entry refines its group's entry key by key (unset keys
 * inherit), and a group's or topic's `agentId` names the agent that answers there.
 */
const G = "-1001";
const ok = (agentId?: string): Decision =>
  agentId === undefined ? { allow: true, via: "group" } : { allow: true, via: "group", agentId };
const no = (reason: Extract<Decision, { allow: false }>["reason"]): Decision => ({ allow: false, reason });

/** A forum message of user 111: in topic `thread`, or in General when `thread` is undefined. */
const inForum = (thread: number | undefined, overrides: Partial<InboundMessage> = {}) =>
  group({ forum: true, ...(thread === undefined ? {} : { threadId: thread }), ...overrides });
const mention = { mentionsBot: true };
const stranger = { senderId: 222, chatId: -1001 };

interface Case {
  name: string;
  groups: Record<string, unknown>;
  extra?: Record<string, unknown>;
  msg: InboundMessage;
  expected: Decision;
}

const cases: Case[] = [
  // requireMention
  {
    name: "topic requireMention false in a group that requires it: unaddressed answered",
    groups: { [G]: { requireMention: true, topics: { "7": { requireMention: false } } } },
    msg: inForum(7),
    expected: ok(),
  },
  {
    name: "…and another topic of that group still requires the mention",
    groups: { [G]: { requireMention: true, topics: { "7": { requireMention: false } } } },
    msg: inForum(8),
    expected: no("not-addressed"),
  },
  {
    name: "group requireMention false, topic without the key: inherited, unaddressed answered",
    groups: { [G]: { requireMention: false, topics: { "7": { agentId: "support" } } } },
    msg: inForum(7),
    expected: ok("support"),
  },
  {
    name: "group requireMention false, a topic without an entry: unaddressed answered",
    groups: { [G]: { requireMention: false } },
    msg: inForum(9),
    expected: ok(),
  },
  {
    name: "group requireMention false, topic requires it",
    groups: { [G]: { requireMention: false, topics: { "7": { requireMention: true } } } },
    msg: inForum(7),
    expected: no("not-addressed"),
  },
  {
    name: "neither sets requireMention: the default (true)",
    groups: { [G]: { topics: { "7": { allowFrom: ["111"] } } } },
    msg: inForum(7),
    expected: no("not-addressed"),
  },
  {
    name: 'General is topic "1": its messages carry no thread id',
    groups: { [G]: { topics: { "1": { requireMention: false } } } },
    msg: inForum(undefined),
    expected: ok(),
  },
  {
    name: 'topic "1" does not apply outside a forum (a plain supergroup has no General)',
    groups: { [G]: { topics: { "1": { requireMention: false } } } },
    msg: group(),
    expected: no("not-addressed"),
  },
  {
    name: 'topic "1" does not apply to another topic',
    groups: { [G]: { topics: { "1": { requireMention: false } } } },
    msg: inForum(7),
    expected: no("not-addressed"),
  },
  // enabled
  {
    name: "topic disabled, even when addressed",
    groups: { [G]: { requireMention: false, topics: { "7": { enabled: false } } } },
    msg: inForum(7, mention),
    expected: no("topic-disabled"),
  },
  {
    name: "General disabled, other topics answered",
    groups: { [G]: { topics: { "1": { enabled: false } } } },
    msg: inForum(undefined, mention),
    expected: no("topic-disabled"),
  },
  {
    name: "group disabled, topic without the key: the group's reason",
    groups: { [G]: { enabled: false, topics: { "7": { requireMention: false } } } },
    msg: inForum(7, mention),
    expected: no("group-disabled"),
  },
  {
    name: "group disabled, topic enabled: only that topic answered",
    groups: { [G]: { enabled: false, topics: { "7": { enabled: true } } } },
    msg: inForum(7, mention),
    expected: ok(),
  },
  {
    name: "…and the rest of the disabled group stays off",
    groups: { [G]: { enabled: false, topics: { "7": { enabled: true } } } },
    msg: inForum(8, mention),
    expected: no("group-disabled"),
  },
  // allowFrom
  {
    name: "topic allowFrom replaces the group's",
    groups: { [G]: { allowFrom: ["111"], topics: { "7": { allowFrom: ["222"] } } } },
    msg: inForum(7, mention),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "…so a sender only the topic lists is answered there",
    groups: { [G]: { allowFrom: ["111"], topics: { "7": { allowFrom: ["222"] } } } },
    msg: inForum(7, { ...mention, ...stranger }),
    expected: ok(),
  },
  {
    name: "…and not in another topic",
    groups: { [G]: { allowFrom: ["111"], topics: { "7": { allowFrom: ["222"] } } } },
    msg: inForum(8, { ...mention, ...stranger }),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "topic without allowFrom: the group's list",
    groups: { [G]: { allowFrom: ["111"], topics: { "7": { requireMention: false } } } },
    msg: inForum(7, stranger),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "neither lists: the account's groupAllowFrom",
    groups: { [G]: { topics: { "7": { requireMention: false } } } },
    extra: { groupAllowFrom: ["222"] },
    msg: inForum(7),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: 'topic allowFrom "*" admits an anonymous admin the group\'s list would not',
    groups: { [G]: { allowFrom: ["111"], topics: { "7": { allowFrom: ["*"] } } } },
    msg: inForum(7, {
      ...mention,
      anonymousAdmin: true,
      senderIsBot: true,
      senderId: undefined as never,
      senderChatId: -1001,
    }),
    expected: ok(),
  },
  // agentId
  {
    name: "group agentId: every topic of the group",
    groups: { [G]: { agentId: "support" } },
    msg: inForum(7, mention),
    expected: ok("support"),
  },
  {
    name: "topic agentId beats the group's",
    groups: { [G]: { agentId: "support", topics: { "7": { agentId: "billing" } } } },
    msg: inForum(7, mention),
    expected: ok("billing"),
  },
  {
    name: "another topic keeps the group's agent",
    groups: { [G]: { agentId: "support", topics: { "7": { agentId: "billing" } } } },
    msg: inForum(8, mention),
    expected: ok("support"),
  },
  {
    name: "no agentId anywhere: the bound agent (none named)",
    groups: { [G]: { topics: { "7": { requireMention: false } } } },
    msg: inForum(7),
    expected: ok(),
  },
  {
    name: "a denied message names no agent",
    groups: { [G]: { topics: { "7": { agentId: "support" } } } },
    msg: inForum(7),
    expected: no("not-addressed"),
  },
  {
    name: '"*" entry topics apply to unlisted forums',
    groups: { "*": { topics: { "7": { requireMention: false, agentId: "support" } } } },
    extra: { groupAllowFrom: ["111"] },
    msg: inForum(7, { chatId: -1009 }),
    expected: ok("support"),
  },
  {
    name: 'a listed group does not take the "*" entry\'s topics',
    groups: { [G]: {}, "*": { topics: { "7": { requireMention: false } } } },
    msg: inForum(7),
    expected: no("not-addressed"),
  },
];

describe("forum topics in the policy", () => {
  it.each(cases)("$name", ({ groups, extra, msg, expected }) => {
    const policy = resolveAccountPolicy(account({ groups, ...(extra ?? {}) }));
    expect(evaluate(msg, policy, approvals())).toEqual(expected);
  });

  it("topicOf: the thread id, General for a forum message without one, none elsewhere", () => {
    expect(topicOf({ threadId: 7, forum: true })).toBe(7);
    expect(topicOf({ forum: true })).toBe(1);
    expect(topicOf({})).toBeUndefined();
  });

  it("rulesFor without an entry: the defaults", () => {
    expect(rulesFor(undefined, 7)).toEqual({
      enabled: true,
      requireMention: true,
      allowAnonymousAdmins: false,
      voice: true,
    });
  });

  it("ignores topic keys that are not positive integers (fail closed)", () => {
    const rule = resolveGroupRule({
      enabled: true,
      topics: { "0": { requireMention: false }, x: { requireMention: false }, " 7 ": { enabled: false } },
    } as never);
    expect([...(rule.topics?.keys() ?? [])]).toEqual([7]);
  });
});
