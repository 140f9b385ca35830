import { createHash } from "node:crypto";

/**
 * Rendezvous (highest random weight) hashing with bounded load: every account goes to the replica
 * with the highest weight hash(replica, account) that still has room (accounts taken in name
 * order; every share is floor(accounts / replicas), and accounts mod replicas of them one more). Every replica computes the same assignment
 * from the same account names and the same live replicas, without talking to the others; the
 * shares differ by at most one account; when a replica joins or leaves, mostly the accounts it
 * wins or held move.
 */
export function assignAccounts(
  accounts: readonly string[],
  replicas: readonly string[],
): Map<string, string> {
  const out = new Map<string, string>();
  const live = [...new Set(replicas)].sort();
  if (live.length === 0) return out;
  const names = [...new Set(accounts)].sort();
  // Shares of floor(n/r), and n mod r of them one more: every share within one of the others.
  const base = Math.floor(names.length / live.length);
  const extra = names.length % live.length;
  const load = new Map<string, number>(live.map((r) => [r, 0]));
  let bigger = 0;
  const canTake = (replica: string) => {
    const l = load.get(replica) ?? 0;
    return l < base || (l === base && bigger < extra);
  };
  for (const account of names) {
    const ranked = live
      .map((replica) => ({ replica, weight: weightOf(replica, account) }))
      .sort((a, b) =>
        a.weight === b.weight ? a.replica.localeCompare(b.replica) : a.weight > b.weight ? -1 : 1,
      );
    const chosen = ranked.find(({ replica }) => canTake(replica)) ?? ranked[0]!;
    const l = (load.get(chosen.replica) ?? 0) + 1;
    if (l === base + 1) bigger++;
    out.set(account, chosen.replica);
    load.set(chosen.replica, l);
  }
  return out;
}

/** The accounts `replica` should own among `replicas` (its share), in name order. */
export function shareOf(replica: string, accounts: readonly string[], replicas: readonly string[]): string[] {
  return [...assignAccounts(accounts, replicas)].filter(([, r]) => r === replica).map(([a]) => a);
}

function weightOf(replica: string, account: string): bigint {
  const digest = createHash("sha256").update(replica).update("\u0000").update(account).digest();
  return digest.readBigUInt64BE(0);
}
