import { keptStamp } from "../state/kept-stamp.js";

/**
 * Every Redis key the gateway uses, named in one place (docs/cluster.md, "What lives in Redis",
 * lists them). All start with the prefix (`wg` unless set otherwise, so one Redis can hold several
 * gateways or test runs). An account's keys carry the account in braces, a Redis Cluster hash tag,
 * so they share one slot and a script may touch them together.
 */
export interface RedisKeys {
  /** LIST of journal lines (the JSON of `journal-lines.ts`), oldest first. */
  journal(account: string): string;
  /** A damaged journal as found, kept beside it: `<journal>:damaged-<time>`. */
  journalDamaged(account: string, at: Date): string;
  /** STRING: the pairing document (the JSON of pairing.json). */
  pairing: string;
  /** STRING: a counter raised by every pairing write (replicas poll it to see changes). */
  pairingRevision: string;
  /** STRING with a TTL: the pairing write lock (holder's random token). */
  pairingLock: string;
  /** A pairing document set aside: `<pairing>:corrupt-<time>` or `<pairing>:invalid-<time>`. */
  pairingAside(kind: "corrupt" | "invalid", at: Date): string;
  /** STRING with a TTL: the account's lease, `<replica>\n<token>\n<acquired at>`. */
  lease(account: string): string;
  /** STRING: the account's fencing counter (INCR at each acquisition; never deleted). */
  fence(account: string): string;
  /** STRING: when this Redis' data began for the account's leases (none granted for one TTL after). */
  leaseEpoch(account: string): string;
  /** ZSET: live replicas scored by their last heartbeat (Redis clock, ms). */
  replicas: string;
  /** HASH: group upgrades, field `<account>|<old chat id>`, value `{"newChatId":…,"since":"…"}`. */
  chatUpgrades: string;
  /** STRING: a counter raised by every new upgrade (replicas poll it to see upgrades learnt elsewhere). */
  chatUpgradesRevision: string;
  /** STRING with a TTL: a conversation's last turns (JSON), by its key (pipeline/conversations.ts). */
  conversation(key: string): string;
  /** STRING with a TTL: the turns an answer message ended (JSON): a reply to it follows them up. */
  conversationAnswer(account: string, chatId: number, messageId: number): string;
}

export const DEFAULT_KEY_PREFIX = "wg";

export function redisKeys(prefix: string = DEFAULT_KEY_PREFIX): RedisKeys {
  const journal = (account: string) => `${prefix}:{${account}}:journal`;
  const pairing = `${prefix}:pairing`;
  return {
    journal,
    journalDamaged: (account, at) => `${journal(account)}:damaged-${keptStamp(at)}`,
    pairing,
    pairingRevision: `${pairing}:revision`,
    pairingLock: `${pairing}:lock`,
    pairingAside: (kind, at) => `${pairing}:${kind}-${keptStamp(at)}`,
    lease: (account) => `${prefix}:{${account}}:lease`,
    fence: (account) => `${prefix}:{${account}}:fence`,
    leaseEpoch: (account) => `${prefix}:{${account}}:lease-epoch`,
    replicas: `${prefix}:replicas`,
    // One hash tag: the script that adds an upgrade raises the revision in the same slot.
    chatUpgrades: `${prefix}:{chat-upgrades}`,
    chatUpgradesRevision: `${prefix}:{chat-upgrades}:revision`,
    conversation: (key) => `${prefix}:conversation:${key}`,
    conversationAnswer: (account, chatId, messageId) =>
      `${prefix}:conversation-answer:${account}|${chatId}|${messageId}`,
  };
}
