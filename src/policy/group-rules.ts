import type { GroupConfig } from "../config/schema.js";
import { GENERAL_TOPIC } from "../core/inbound-message.js";
import { type SenderList, senderList } from "./sender-list.js";

/** What one topic entry (`groups.<id>.topics.<thread>`) sets; an unset key takes the group's. */
export interface TopicRule {
  enabled?: boolean;
  requireMention?: boolean;
  allowFrom?: SenderList;
  agentId?: string;
  voice?: boolean;
}

/** One entry of `groups`, normalised. */
export interface GroupRule {
  enabled: boolean;
  /** As written; undefined = not set in this entry. */
  requireMention?: boolean;
  allowFrom?: SenderList;
  /** As written; undefined = not set (no). */
  allowAnonymousAdmins?: boolean;
  /** The agent answering in this group instead of the account's bound one. */
  agentId?: string;
  /** As written; undefined = not set (voice notes are heard). */
  voice?: boolean;
  /** Topic entries by thread id (1 = General). */
  topics?: ReadonlyMap<number, TopicRule>;
}

/** The rules in force for one message: its group's entry refined by its topic's entry, key by key. */
export interface ChatRules {
  enabled: boolean;
  /** Which entry turned the chat off, when `enabled` is false. */
  disabledBy?: "group" | "topic";
  requireMention: boolean;
  /** Undefined: no entry sets a list (the account's `groupAllowFrom` applies). */
  allowFrom?: SenderList;
  allowAnonymousAdmins: boolean;
  /** Undefined: the account's bound agent answers. */
  agentId?: string;
  /** Voice notes, audio and video notes are transcribed here (`voice`, default true). */
  voice: boolean;
}

/**
 * Normalises one `groups` entry. Fails closed like the rest of the policy: topic keys that are not
 * positive integers are ignored, an absent `enabled` means true.
 */
export function resolveGroupRule(entry: GroupConfig | undefined): GroupRule {
  const rule: GroupRule = { enabled: entry?.enabled !== false };
  if (typeof entry?.requireMention === "boolean") rule.requireMention = entry.requireMention;
  if (entry?.allowFrom !== undefined) rule.allowFrom = senderList(entry.allowFrom);
  if (entry?.allowAnonymousAdmins === true) rule.allowAnonymousAdmins = true;
  if (typeof entry?.agentId === "string") rule.agentId = entry.agentId;
  if (typeof entry?.voice === "boolean") rule.voice = entry.voice;
  const topics = new Map<number, TopicRule>();
  for (const [rawKey, topic] of Object.entries(entry?.topics ?? {})) {
    const key = rawKey.trim();
    if (!/^[1-9]\d{0,15}$/.test(key) || !topic) continue;
    const out: TopicRule = {};
    if (typeof topic.enabled === "boolean") out.enabled = topic.enabled;
    if (typeof topic.requireMention === "boolean") out.requireMention = topic.requireMention;
    if (topic.allowFrom !== undefined) out.allowFrom = senderList(topic.allowFrom);
    if (typeof topic.agentId === "string") out.agentId = topic.agentId;
    if (typeof topic.voice === "boolean") out.voice = topic.voice;
    topics.set(Number(key), out);
  }
  if (topics.size > 0) rule.topics = topics;
  return rule;
}

/**
 * The topic a group message belongs to: its thread id in a forum topic, General (1) for a forum
 * message without one, none outside forums (a reply chain's root is not a topic). Pure.
 */
export function topicOf(msg: { threadId?: number; forum?: boolean }): number | undefined {
  if (msg.threadId !== undefined) return msg.threadId;
  return msg.forum === true ? GENERAL_TOPIC : undefined;
}

/**
 * The rules for a message in topic `topic` of a group whose entry is `rule` (undefined: the group
 * has no entry, e.g. under `groupPolicy: "open"`). Each key the topic's entry sets replaces the
 * group's; an unset key is the group's; a key neither sets has its default (`requireMention` true,
 * `enabled` true, no list, the bound agent, `voice` true). A topic's `enabled: true` answers in that topic even
 * when the group's entry is `enabled: false`. Pure.
 */
export function rulesFor(rule: GroupRule | undefined, topic: number | undefined): ChatRules {
  const own = topic === undefined ? undefined : rule?.topics?.get(topic);
  const groupEnabled = rule?.enabled ?? true;
  const enabled = own?.enabled ?? groupEnabled;
  const out: ChatRules = {
    enabled,
    requireMention: own?.requireMention ?? rule?.requireMention ?? true,
    allowAnonymousAdmins: rule?.allowAnonymousAdmins === true,
    voice: own?.voice ?? rule?.voice ?? true,
  };
  if (!enabled) out.disabledBy = own?.enabled === false ? "topic" : "group";
  const allowFrom = own?.allowFrom ?? rule?.allowFrom;
  if (allowFrom) out.allowFrom = allowFrom;
  const agentId = own?.agentId ?? rule?.agentId;
  if (agentId !== undefined) out.agentId = agentId;
  return out;
}
