import { Counter, Gauge, type Registry } from "prom-client";
import type { AccountBacklog } from "../accounts/account-state.js";

/** One account's backlog, read at each scrape. */
export interface AccountBacklogReading {
  account: string;
  backlog: AccountBacklog;
}

/**
 * The busy-chat metrics (docs/busy-chats.md), read from the accounts at each scrape:
 * - `wiki_gateway_chat_backlog{account,chat}`: updates waiting for their chat's turn (only chats
 *   with a backlog, at most 20 per account: the busiest);
 * - `wiki_gateway_backlog_updates{account}`: updates waiting in all its chats;
 * - `wiki_gateway_backlog_oldest_wait_seconds{account}`: how long the oldest of them has waited;
 * - `wiki_gateway_busy_turned_away_total{account}`: questions not answered because their chat was
 *   over its bound, their askers told; `wiki_gateway_busy_notices_total{account}`: notices sent.
 */
export function registerBacklogMetrics(
  registry: Registry,
  read: () => readonly AccountBacklogReading[],
): void {
  const perAccount = (
    name: string,
    help: string,
    pick: (b: AccountBacklog) => number,
    Kind: typeof Gauge | typeof Counter = Gauge,
  ) =>
    new Kind({
      name,
      help,
      labelNames: ["account"],
      registers: [registry],
      collect(this: Gauge | Counter) {
        this.reset();
        for (const { account, backlog } of read()) {
          if (this instanceof Gauge) this.set({ account }, pick(backlog));
          else this.inc({ account }, pick(backlog));
        }
      },
    });
  new Gauge({
    name: "wiki_gateway_chat_backlog",
    help: "Updates waiting for their chat's turn, by account and chat (the busiest 20 chats with a backlog)",
    labelNames: ["account", "chat"],
    registers: [registry],
    collect() {
      this.reset();
      for (const { account, backlog } of read())
        for (const c of backlog.chats) this.set({ account, chat: c.chatId }, c.waiting);
    },
  });
  perAccount(
    "wiki_gateway_backlog_updates",
    "Updates waiting for their chat's turn, by account",
    (b) => b.waiting,
  );
  perAccount(
    "wiki_gateway_backlog_oldest_wait_seconds",
    "How long the oldest update waiting for its chat's turn has waited, by account",
    (b) => b.oldestWaitSeconds,
  );
  perAccount(
    "wiki_gateway_busy_turned_away_total",
    "Questions not answered because their chat was over its bound (their askers were told), by account",
    (b) => b.turnedAway,
    Counter,
  );
  perAccount(
    "wiki_gateway_busy_notices_total",
    "Busy notices sent (each names the askers it tells), by account",
    (b) => b.notices,
    Counter,
  );
}
