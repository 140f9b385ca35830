/**
 * Every Redis key the gateway uses, named in one place (the README's "Cluster mode (Redis)" lists
 * them). All start with the prefix (`wg` unless set otherwise, so one Redis can hold several
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
}

export const DEFAULT_KEY_PREFIX = "wg";

export function redisKeys(prefix: string = DEFAULT_KEY_PREFIX): RedisKeys {
  const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, "-");
  const journal = (account: string) => `${prefix}:{${account}}:journal`;
  const pairing = `${prefix}:pairing`;
  return {
    journal,
    journalDamaged: (account, at) => `${journal(account)}:damaged-${stamp(at)}`,
    pairing,
    pairingRevision: `${pairing}:revision`,
    pairingLock: `${pairing}:lock`,
    pairingAside: (kind, at) => `${pairing}:${kind}-${stamp(at)}`,
  };
}
