import type { MembershipEvent } from "../accounts/membership-event.js";
import type { Metrics } from "../http/metrics.js";
import type { ConfigInForce } from "./apply-config.js";

export interface MembershipTracker {
  record(account: string, event: MembershipEvent): void;
  /** Groups of gateway.json the bot was removed from (since this process started), per account. */
  groupsWithoutBot(): Array<{ account: string; chatId: number; since: string; fix: string }>;
}

/** Counts membership changes and remembers the groups the bot was removed from until it is added back. */
export function createMembershipTracker(
  metrics: Pick<Metrics, "membershipChanges">,
  config: ConfigInForce,
): MembershipTracker {
  const removed = new Map<string, { account: string; chatId: number; since: string }>();
  return {
    record(account, event) {
      metrics.membershipChanges.inc({ account, change: event.change });
      const key = `${account}|${event.chatId}`;
      if (event.change === "removed")
        removed.set(key, { account, chatId: event.chatId, since: new Date().toISOString() });
      if (event.change === "added") removed.delete(key);
    },
    groupsWithoutBot: () =>
      [...removed.values()]
        .filter((g) => config.runtime?.policies.get(g.account)?.groups.has(String(g.chatId)) === true)
        .map((g) => ({
          ...g,
          fix: `add the bot back to group ${g.chatId}, or remove "${g.chatId}" from accounts.${g.account}.groups in gateway.json`,
        })),
  };
}
