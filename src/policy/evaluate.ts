import type { InboundMessage } from "../core/inbound-message.js";
import type { AccountConfig, DmPolicy, GroupPolicy } from "../config/schema.js";
import { WILDCARD } from "../config/schema.js";
import { isKnownCommand } from "../core/bot-commands.js";
import { isHeard } from "../core/media-file.js";
import type { Decision, DenyReason } from "./decision.js";
import { type GroupRule, resolveGroupRule, rulesFor, topicOf } from "./group-rules.js";
import { listed, normaliseInteger, type SenderList, senderList } from "./sender-list.js";

export type { GroupRule, SenderList };
export { senderList };

/** An account's access rules, normalised once per configuration load. */
export interface AccountPolicy {
  enabled: boolean;
  /** Inline queries are answered (gateway.json `inline`, default true). */
  inline: boolean;
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
  /**
   * The id a supergroup had as a basic group, when the gateway saw it upgraded: until gateway.json
   * lists the new id, the old id's entry applies to it.
   */
  migratedFrom?(account: string, chatId: number): number | undefined;
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
    const rule = resolveGroupRule(entry);
    if (key === WILDCARD) wildcardGroup = rule;
    else if (/^-\d+$/.test(key)) groups.set(normaliseInteger(key), rule);
  }
  const policy: AccountPolicy = {
    enabled: account.enabled !== false,
    inline: account.inline !== false,
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
 * Order: account disabled; what nobody asked (channel post, service message, automatic forward);
 * senders without a user id (a channel, an anonymous admin: group gates only); bot sender,
 * missing sender, unsupported chat type; then the DM rules or the group gates (chat, sender,
 * command for another bot, unknown bare command, media without text, addressing), each read from
 * the group's entry refined by its forum topic's (group-rules.ts); an allowed group message carries
 * the agent that entry names, if any. Pairing approvals are consulted only for DMs under
 * `dmPolicy: "pairing"`; they never admit anyone to a group. An unknown DM sender under pairing
 * gets `{ allow: false, reason: "dm-pairing-pending", pairing: true }`: the caller starts (or
 * repeats) the pairing request; the store knows whether one exists.
 */
export function evaluate(msg: InboundMessage, policy: AccountPolicy, pairings: PairingLookup): Decision {
  if (!policy.enabled) return deny("account-disabled");
  if (msg.chatType === "channel") return deny("channel-post");
  if (msg.content === "service") return deny("service-message");
  if (msg.automaticForward === true) return deny("automatic-forward");
  const isGroup = msg.chatType === "group" || msg.chatType === "supergroup";
  if (msg.anonymousAdmin === true && isGroup) return evaluateGroup(msg, ANONYMOUS, policy, pairings);
  if (msg.senderChatId !== undefined) return deny("sender-is-channel");
  if (msg.senderIsBot) return deny("from-bot");
  const sender = normaliseSender(msg.senderId);
  if (sender === undefined) return deny("no-sender");
  if (msg.chatType === "private") {
    // In a private chat the chat id is the user's id; anything else is a forged update.
    if (String(msg.chatId) !== sender) return deny("chat-sender-mismatch");
    const decision = evaluateDmSender(msg.account, sender, policy, pairings);
    return decision.allow && msg.commandForOtherBot === true ? deny("command-for-other-bot") : decision;
  }
  if (isGroup) return evaluateGroup(msg, sender, policy, pairings);
  return deny("unsupported-chat");
}

/** The sender of an anonymous admin's message: no user id, admitted by its own rule. */
const ANONYMOUS = Symbol("anonymous admin");

/** The DM rules for one sender (a normalised user id): `dmPolicy`, `allowFrom`, pairing approvals. Pure. */
export function evaluateDmSender(
  account: string,
  sender: string,
  policy: AccountPolicy,
  pairings: PairingLookup,
): Decision {
  switch (policy.dmPolicy) {
    case "open":
      return allow("open");
    case "allowlist":
      return listed(policy.allowFrom, sender) ? allow("allowlist") : deny("dm-not-allowed");
    case "pairing":
      if (listed(policy.allowFrom, sender)) return allow("allowlist");
      if (safeIsApproved(pairings, account, sender)) return allow("pairing");
      return { allow: false, reason: "dm-pairing-pending", pairing: true } as const;
    case "disabled":
      return deny("dm-disabled");
    default:
      return deny("dm-disabled");
  }
}

function evaluateGroup(
  msg: InboundMessage,
  sender: string | typeof ANONYMOUS,
  policy: AccountPolicy,
  lookups: PairingLookup,
): Decision {
  if (policy.groupPolicy !== "allowlist" && policy.groupPolicy !== "open") return deny("groups-disabled");
  const exact = policy.groups.get(String(msg.chatId)) ?? upgradedFrom(msg, policy, lookups);
  const rule = exact ?? policy.wildcardGroup;
  if (policy.groupPolicy === "allowlist" && !rule) return deny("group-not-listed");
  const rules = rulesFor(rule, topicOf(msg));
  if (!rules.enabled) return deny(rules.disabledBy === "topic" ? "topic-disabled" : "group-disabled");
  const list = rules.allowFrom ?? policy.groupAllowFrom;
  if (sender === ANONYMOUS) {
    // The group admits every sender: "*", or no list and listed by its exact id.
    const everyone = list ? list.everyone : exact !== undefined;
    if (!everyone && !rules.allowAnonymousAdmins) return deny("anonymous-admin-not-allowed");
  } else if (list ? !listed(list, sender) : !exact) return deny("group-sender-not-allowed");
  if (msg.commandForOtherBot === true) return deny("command-for-other-bot");
  if (isUnknownBareCommand(msg)) return deny("unknown-command");
  const media = mediaGate(msg, rules.voice);
  if (media !== undefined) return deny(media);
  if (rules.requireMention && !msg.mentionsBot && !msg.repliesToBot && msg.command === undefined) {
    return deny("not-addressed");
  }
  return {
    allow: true,
    via: "group",
    ...(rules.agentId === undefined ? {} : { agentId: rules.agentId }),
    ...(rules.voice ? {} : { voice: false }),
  };
}

/**
 * Media without a caption in a group: a voice note, audio or video note is heard (then addressed
 * like text: in a `requireMention` group only as a reply to the bot) unless the group turned
 * `voice` off; a picture is read only as a reply to the bot; other media is no question. A voice
 * note with a caption is its caption, whatever `voice` says (the caption alone is then asked).
 */
function mediaGate(msg: InboundMessage, voice: boolean): DenyReason | undefined {
  if (msg.content !== "media") return undefined;
  if (msg.media && isHeard(msg.media)) return voice ? undefined : "voice-off";
  if (msg.media && msg.repliesToBot) return undefined;
  return "media-without-text";
}

/**
 * A bare `/cmd` the agents do not know. Telegram hands a bare command to every bot of a group,
 * privacy mode or not, so one this bot cannot answer (`/warn` of a moderation bot) is another
 * bot's: silence, whatever `requireMention` says. `/cmd@thisbot` is this bot's even when unknown.
 */
function isUnknownBareCommand(msg: InboundMessage): boolean {
  return msg.command !== undefined && msg.commandNamesBot !== true && !isKnownCommand(msg.command);
}

/** The entry of the basic group this supergroup was upgraded from, while the new id is not listed. */
function upgradedFrom(
  msg: InboundMessage,
  policy: AccountPolicy,
  lookups: PairingLookup,
): GroupRule | undefined {
  let old: number | undefined;
  try {
    old = lookups.migratedFrom?.(msg.account, msg.chatId);
  } catch {
    return undefined;
  }
  return old === undefined ? undefined : policy.groups.get(String(old));
}

/**
 * Whether `/whoami` is answered in a group although the group's gates deny the message: the
 * sender passes the chat-independent rules, that is the account is enabled, `groupPolicy` is not
 * `disabled`, and the account's `groupAllowFrom` (or, without one, its `allowFrom`) lists the
 * sender or is `"*"`. Pairing approvals do not count. Pure.
 */
export function mayAskWhoamiInGroup(msg: InboundMessage, policy: AccountPolicy): boolean {
  if (!policy.enabled || policy.groupPolicy === "disabled") return false;
  if (msg.command !== "whoami" || msg.commandForOtherBot === true || msg.senderIsBot) return false;
  if (msg.chatType !== "group" && msg.chatType !== "supergroup") return false;
  const sender = normaliseSender(msg.senderId);
  if (sender === undefined || msg.senderChatId !== undefined) return false;
  return listed(policy.groupAllowFrom ?? policy.allowFrom, sender);
}

/** A positive safe-integer user id as a string; undefined for anything else. */
export function normaliseSender(id: unknown): string | undefined {
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? String(id) : undefined;
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
