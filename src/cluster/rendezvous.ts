import { createHash } from "node:crypto";

/**
 * Rendezvous (highest random weight) hashing with bounded load: every account goes to the replica
 * with the highest weight hash(replica, account) that has fewer than ceil(accounts / replicas)
 * accounts already (accounts taken in name order). Every replica computes the same assignment
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
  const capacity = Math.ceil(names.length / live.length);
  const load = new Map<string, number>(live.map((r) => [r, 0]));
  for (const account of names) {
    const ranked = live
      .map((replica) => ({ replica, weight: weightOf(replica, account) }))
      .sort((a, b) =>
        a.weight === b.weight ? a.replica.localeCompare(b.replica) : a.weight > b.weight ? -1 : 1,
      );
    const chosen = ranked.find(({ replica }) => (load.get(replica) ?? 0) < capacity) ?? ranked[0]!;
    out.set(account, chosen.replica);
    load.set(chosen.replica, (load.get(chosen.replica) ?? 0) + 1);
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
