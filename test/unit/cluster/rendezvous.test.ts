import { describe, expect, it } from "vitest";
import { assignAccounts, shareOf } from "../../../src/cluster/rendezvous.js";
import { replicaIdOf } from "../../../src/cluster/replica-id.js";
import { checkLeaseSettings } from "../../../src/cluster/lease-settings.js";

const ACCOUNTS = ["support", "sales", "hr", "it", "ops", "legal", "dev"];

function loads(assignment: Map<string, string>): number[] {
  const count = new Map<string, number>();
  for (const r of assignment.values()) count.set(r, (count.get(r) ?? 0) + 1);
  return [...count.values()].sort((a, b) => b - a);
}

describe("rendezvous assignment", () => {
  it("spreads 7 accounts over 3 replicas as 3/2/2, the same on every replica whatever the order", () => {
    const a = assignAccounts(ACCOUNTS, ["r1", "r2", "r3"]);
    expect(a.size).toBe(7);
    expect(loads(a)).toEqual([3, 2, 2]);
    expect(assignAccounts([...ACCOUNTS].reverse(), ["r3", "r1", "r2"])).toEqual(a);
    for (const names of [
      ["a", "b", "c"],
      ["x"],
      ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"],
    ]) {
      for (const replicas of [
        ["r1", "r2", "r3"],
        ["gw-1", "gw-2"],
        ["host-1-100", "host-2-200", "host-3-300"],
      ]) {
        const l = loads(assignAccounts(names, replicas));
        while (l.length < replicas.length) l.push(0);
        expect(l[0]! - l.at(-1)!).toBeLessThanOrEqual(1);
      }
    }
  });

  it("moves only what it must when a replica leaves or joins", () => {
    const three = assignAccounts(ACCOUNTS, ["r1", "r2", "r3"]);
    const two = assignAccounts(ACCOUNTS, ["r1", "r2"]);
    expect(loads(two)).toEqual([4, 3]);
    // Every account of r1 and r2 stays unless the cap forces a move; r3's go to r1 or r2.
    const moved = ACCOUNTS.filter((a) => three.get(a) !== "r3" && two.get(a) !== three.get(a));
    expect(moved.length).toBeLessThanOrEqual(1);
    expect(shareOf("r3", ACCOUNTS, ["r1", "r2"])).toEqual([]);
    expect(assignAccounts(ACCOUNTS, []).size).toBe(0);
    expect([...assignAccounts(ACCOUNTS, ["solo"]).values()].every((r) => r === "solo")).toBe(true);
  });
});

describe("replica id and lease settings", () => {
  it("defaults the replica id to host name and pid, and keeps a given one", () => {
    expect(replicaIdOf("", "gw-host", 4242)).toBe("gw-host-4242");
    expect(replicaIdOf("  gw-a  ", "gw-host", 4242)).toBe("gw-a");
  });

  it("refuses a TTL and margin that leave no room for a poll, saying what to change", () => {
    expect(() => checkLeaseSettings(15_000, 2_000)).not.toThrow();
    expect(() => checkLeaseSettings(3_000, 300)).not.toThrow();
    expect(() => checkLeaseSettings(3_000, 1_000)).toThrow(
      /GATEWAY_LEASE_TTL_MS=3000.*GATEWAY_LEASE_MARGIN_MS=1000/,
    );
  });
});
