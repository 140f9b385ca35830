import type { InboundMessage } from "../core/inbound-message.js";
import type { AccountConfig, DmPolicy, GroupPolicy } from "../config/schema.js";
import { WILDCARD } from "../config/schema.js";
import type { Decision } from "./decision.js";

/** A sender list: `"*"` (everyone) or numeric user ids as strings of digits. */
export interface SenderList {
  everyone: boolean;
  ids: ReadonlySet<string>;
}

export interface GroupRule {
  enabled: boolean;
  /** As written; undefined = not set in this entry. */
  requireMention?: boolean;
  allowFrom?: SenderList;
}

/** An account's access rules, normalised once per configuration load. */
export interface AccountPolicy {
  enabled: boolean;
  dmPolicy: DmPolicy;
  allowFrom: SenderList;
  groupPolicy: GroupPolicy;
  groupAllowFrom?: SenderList;
  /** Groups listed by exact id (keys are the chat ids as strings). */
  groups: ReadonlyMap<string, GroupRule>;
  /** `groups["*"]`: applies to groups without an entry of their own. */
  wildcardGroup?: GroupRule;
}

export interface PairingLookup {
  isApproved(account: string, userId: string): boolean;
}

/**
 * Normalises an account's configuration. Fails closed on anything unexpected: list entries that
 * are neither `"*"` nor a positive integer (as a string or a safe-integer number) match nobody,
 * unknown policy values behave as `disabled`, group keys that are not `"*"` or a negative
 * integer are ignored.
 */
export function resolveAccountPolicy(account: AccountConfig): AccountPolicy {
  const groups = new Map<string, GroupRule>();
  let wildcardGroup: GroupRule | undefined;
  for (const [rawKey, entry] of Object.entries(account.groups ?? {})) {
    const key = rawKey.trim();
    const rule: GroupRule = { enabled: entry?.enabled !== false };
    if (typeof entry?.requireMention === "boolean") rule.requireMention = entry.requireMention;
    if (entry?.allowFrom !== undefined) rule.allowFrom = senderList(entry.allowFrom);
    if (key === WILDCARD) wildcardGroup = rule;
    else if (/^-\d+$/.test(key)) groups.set(normaliseInteger(key), rule);
  }
  const policy: AccountPolicy = {
    enabled: account.enabled !== false,
    dmPolicy: account.dmPolicy ?? "pairing",
    allowFrom: senderList(account.allowFrom ?? []),
    groupPolicy: account.groupPolicy ?? "allowlist",
    groups,
  };
  if (account.groupAllowFrom !== undefined) policy.groupAllowFrom = senderList(account.groupAllowFrom);
  if (wildcardGroup) policy.wildcardGroup = wildcardGroup;
  return policy;
}

/**
 * Decides whether a message is answered (access-policy.md). Pure.
 *
 * Order: account disabled, channel post, bot sender, missing sender, unsupported chat type, then
 * the DM rules or the group gates (chat, sender, addressing). Pairing approvals are consulted
 * only for DMs under `dmPolicy: "pairing"`; they never admit anyone to a group. An unknown DM
 * sender under pairing gets `{ allow: false, reason: "dm-pairing-pending", pairing: true }`:
 * the caller starts (or repeats) the pairing request; the store knows whether one exists.
 */
export function evaluate(msg: InboundMessage, policy: AccountPolicy, pairings: PairingLookup): Decision {
  if (!policy.enabled) return deny("account-disabled");
  if (msg.chatType === "channel") return deny("channel-post");
  if (msg.senderIsBot) return deny("from-bot");
  const sender = normaliseSender(msg.senderId);
  if (sender === undefined) return deny("no-sender");
  if (msg.chatType === "private") {
    // In a private chat the chat id is the user's id; anything else is a forged update.
    if (String(msg.chatId) !== sender) return deny("chat-sender-mismatch");
    return evaluateDm(msg, sender, policy, pairings);
  }
  if (msg.chatType === "group" || msg.chatType === "supergroup") return evaluateGroup(msg, sender, policy);
  return deny("unsupported-chat");
}

function evaluateDm(msg: InboundMessage, sender: string, policy: AccountPolicy, pairings: PairingLookup) {
  switch (policy.dmPolicy) {
    case "open":
      return allow("open");
    case "allowlist":
      return listed(policy.allowFrom, sender) ? allow("allowlist") : deny("dm-not-allowed");
    case "pairing":
      if (listed(policy.allowFrom, sender)) return allow("allowlist");
      if (safeIsApproved(pairings, msg.account, sender)) return allow("pairing");
      return { allow: false, reason: "dm-pairing-pending", pairing: true } as const;
    case "disabled":
      return deny("dm-disabled");
    default:
      return deny("dm-disabled");
  }
}

function evaluateGroup(msg: InboundMessage, sender: string, policy: AccountPolicy): Decision {
  if (policy.groupPolicy !== "allowlist" && policy.groupPolicy !== "open") return deny("groups-disabled");
  const exact = policy.groups.get(String(msg.chatId));
  const rule = exact ?? policy.wildcardGroup;
  if (policy.groupPolicy === "allowlist" && !rule) return deny("group-not-listed");
  if (rule && !rule.enabled) return deny("group-disabled");
  const list = rule?.allowFrom ?? policy.groupAllowFrom;
  if (list ? !listed(list, sender) : !exact) return deny("group-sender-not-allowed");
  const requireMention = exact
    ? (exact.requireMention ?? true)
    : (policy.wildcardGroup?.requireMention ?? true);
  if (requireMention && !msg.mentionsBot && !msg.repliesToBot && msg.command === undefined) {
    return deny("not-addressed");
  }
  return allow("group");
}

/** Normalises a configured list. Entries other than `"*"` and positive integers match nobody. */
export function senderList(entries: readonly (string | number)[]): SenderList {
  const ids = new Set<string>();
  let everyone = false;
  for (const entry of entries) {
    const text = typeof entry === "number" && Number.isSafeInteger(entry) ? String(entry) : entry;
    if (typeof text !== "string") continue;
    const trimmed = text.trim();
    if (trimmed === WILDCARD) everyone = true;
    else if (/^\d+$/.test(trimmed) && /[1-9]/.test(trimmed)) ids.add(normaliseInteger(trimmed));
  }
  return { everyone, ids };
}

function listed(list: SenderList, sender: string): boolean {
  return list.everyone || list.ids.has(sender);
}

function normaliseSender(id: unknown): string | undefined {
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? String(id) : undefined;
}

/** "-00123" → "-123", "0042" → "42": one spelling per id. */
function normaliseInteger(text: string): string {
  const negative = text.startsWith("-");
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, "");
  return negative ? `-${digits}` : digits;
}

function safeIsApproved(pairings: PairingLookup, account: string, sender: string): boolean {
  try {
    return pairings.isApproved(account, sender) === true;
  } catch {
    return false;
  }
}

const allow = (via: "allowlist" | "pairing" | "open" | "group"): Decision => ({ allow: true, via });
const deny = (reason: Extract<Decision, { allow: false }>["reason"]): Decision => ({ allow: false, reason });
