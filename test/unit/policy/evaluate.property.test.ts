import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatType, InboundMessage } from "../../../src/core/inbound-message.js";
import type { AccountConfig } from "../../../src/config/schema.js";
import { isKnownCommand } from "../../../src/core/bot-commands.js";
import { evaluate, resolveAccountPolicy } from "../../../src/policy/evaluate.js";

/**
 * The invariant, stated precisely. A message is allowed only through an explicit grant:
 * - private chat: dmPolicy "open"; or dmPolicy "allowlist"/"pairing" and allowFrom holds "*" or
 *   the sender's id; or dmPolicy "pairing" and the sender is approved for this account;
 * - group/supergroup: groupPolicy is not "disabled"; the entry E = groups[chatId] ?? groups["*"]
 *   exists when groupPolicy is "allowlist" and is not disabled; the list L = E.allowFrom ??
 *   groupAllowFrom holds "*" or the sender's id, or L is undefined and groups[chatId] exists;
 *   a bare command is one the agents know (`/cmd@thisbot` may be any); and the bot is addressed
 *   unless requireMention resolves to false;
 * - channel posts, bot senders and messages without a sender are never allowed.
 * Pairing approvals never change the decision for a group message, nor for a DM unless
 * dmPolicy is "pairing".
 */

const USERS = ["11", "22", "33", "44"];
const GROUPS = ["-101", "-102", "-103"];

const list = fc.option(fc.subarray([...USERS, "*"]), { nil: undefined });
const groupEntry = fc.record(
  {
    enabled: fc.boolean(),
    requireMention: fc.boolean(),
    allowFrom: fc.subarray([...USERS, "*"]),
  },
  { requiredKeys: ["enabled"] },
);
const config = fc.record({
  enabled: fc.boolean(),
  dmPolicy: fc.constantFrom("pairing", "allowlist", "open", "disabled"),
  allowFrom: fc.subarray([...USERS, "*"]),
  groupPolicy: fc.constantFrom("allowlist", "open", "disabled"),
  groupAllowFrom: list,
  groups: fc.dictionary(fc.constantFrom(...GROUPS, "*"), groupEntry, { maxKeys: 4 }),
});
const message = fc.record({
  chatType: fc.constantFrom<ChatType>("private", "group", "supergroup", "channel"),
  chatId: fc.constantFrom(...GROUPS.map(Number), -104),
  senderId: fc.option(fc.constantFrom(11, 22, 33, 44, 55), { nil: undefined }),
  senderIsBot: fc.boolean(),
  mentionsBot: fc.boolean(),
  repliesToBot: fc.boolean(),
  command: fc.option(fc.constantFrom("help", "ask"), { nil: undefined }),
  commandNamesBot: fc.boolean(),
});
const approvedPairs = fc.subarray(["main:11", "main:22", "main:55", "other:33"]);

type Config = typeof config extends fc.Arbitrary<infer T> ? T : never;

/** The generated configuration as the schema would hand it over (no undefined keys). */
function toAccount(c: Config): AccountConfig {
  const out: Record<string, unknown> = { ...c };
  if (out.groupAllowFrom === undefined) delete out.groupAllowFrom;
  return out as unknown as AccountConfig;
}

function toMessage(m: {
  chatType: ChatType;
  chatId: number;
  senderId: number | undefined;
  senderIsBot: boolean;
  mentionsBot: boolean;
  repliesToBot: boolean;
  command: string | undefined;
  commandNamesBot: boolean;
}): InboundMessage {
  const msg: InboundMessage = {
    account: "main",
    updateId: 1,
    messageId: 1,
    chatId: m.chatType === "private" ? (m.senderId ?? 1) : m.chatId,
    chatType: m.chatType,
    senderIsBot: m.senderIsBot,
    text: "",
    date: 0,
    mentionsBot: m.mentionsBot,
    repliesToBot: m.repliesToBot,
    args: "",
  };
  if (m.senderId !== undefined) msg.senderId = m.senderId;
  if (m.command !== undefined) msg.command = m.command;
  if (m.command !== undefined && m.commandNamesBot) msg.commandNamesBot = true;
  return msg;
}

/** The oracle: true only when one of the grants above holds. */
function granted(c: Config, msg: InboundMessage, approved: ReadonlySet<string>): boolean {
  if (!c.enabled || msg.chatType === "channel" || msg.senderIsBot || msg.senderId === undefined) return false;
  const sender = String(msg.senderId);
  const has = (l: readonly string[]) => l.includes("*") || l.includes(sender);
  if (msg.chatType === "private") {
    if (c.dmPolicy === "open") return true;
    if (c.dmPolicy === "disabled") return false;
    if (has(c.allowFrom)) return true;
    return c.dmPolicy === "pairing" && approved.has(`main:${sender}`);
  }
  if (c.groupPolicy === "disabled") return false;
  const exact = c.groups[String(msg.chatId)];
  const entry = exact ?? c.groups["*"];
  if (c.groupPolicy === "allowlist" && !entry) return false;
  if (entry && entry.enabled === false) return false;
  const l = entry?.allowFrom ?? c.groupAllowFrom;
  if (l ? !has(l) : !exact) return false;
  // "help" is a command the agents know, "ask" is not: a bare "/ask" is another bot's.
  if (msg.command === "ask" && msg.commandNamesBot !== true) return false;
  const requireMention = exact ? (exact.requireMention ?? true) : (c.groups["*"]?.requireMention ?? true);
  return !requireMention || msg.mentionsBot || msg.repliesToBot || msg.command !== undefined;
}

describe("evaluate: nobody outside the lists is ever allowed", () => {
  it("the oracle's commands: /help is known to the agents, /ask is not", () => {
    expect([isKnownCommand("help"), isKnownCommand("ask")]).toEqual([true, false]);
  });

  it("allows exactly the messages an explicit grant admits", () => {
    fc.assert(
      fc.property(config, message, approvedPairs, (c, m, pairs) => {
        const msg = toMessage(m);
        const decision = evaluate(msg, resolveAccountPolicy(toAccount(c)), {
          isApproved: (a, u) => pairs.includes(`${a}:${u}`),
        });
        expect(decision.allow).toBe(granted(c, msg, new Set(pairs)));
      }),
      { numRuns: 3000 },
    );
  });

  it("approvals change nothing outside DMs under dmPolicy pairing", () => {
    fc.assert(
      fc.property(config, message, approvedPairs, (c, m, pairs) => {
        const policy = resolveAccountPolicy(toAccount(c));
        const msg = toMessage(m);
        const withApprovals = evaluate(msg, policy, { isApproved: (a, u) => pairs.includes(`${a}:${u}`) });
        const without = evaluate(msg, policy, { isApproved: () => false });
        if (msg.chatType !== "private" || c.dmPolicy !== "pairing") expect(withApprovals).toEqual(without);
      }),
      { numRuns: 2000 },
    );
  });

  it("a sender named nowhere, with no '*' anywhere, is admitted only to an exactly listed group without a list", () => {
    const noStar = (l: string[]) => l.filter((x) => x !== "*");
    fc.assert(
      fc.property(config, message, approvedPairs, (c, m, pairs) => {
        const cleaned: Config = {
          ...c,
          dmPolicy: c.dmPolicy === "open" ? "pairing" : c.dmPolicy,
          allowFrom: noStar(c.allowFrom),
          groupAllowFrom: c.groupAllowFrom && noStar(c.groupAllowFrom),
          groups: Object.fromEntries(
            Object.entries(c.groups).map(([k, g]) => [
              k,
              { ...g, ...(g.allowFrom && { allowFrom: noStar(g.allowFrom) }) },
            ]),
          ),
        };
        const msg = toMessage({ ...m, senderId: 55 }); // 55 is in no list of the generator
        const policy = resolveAccountPolicy(toAccount(cleaned));
        const decision = evaluate(msg, policy, {
          isApproved: (a, u) => pairs.includes(`${a}:${u}`) && u !== "55",
        });
        if (!decision.allow) return;
        expect(decision.via).toBe("group");
        const exact = cleaned.groups[String(msg.chatId)];
        expect(exact).toBeDefined();
        expect(exact?.allowFrom ?? cleaned.groupAllowFrom).toBeUndefined();
      }),
      { numRuns: 3000 },
    );
  });
});
