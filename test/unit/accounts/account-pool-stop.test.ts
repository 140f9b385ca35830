import { expect, it } from "vitest";
import { createAccountPool } from "../../../src/accounts/account-pool.js";
import type { AccountRunner } from "../../../src/accounts/account-runner.js";
import { gatewayConfigSchema } from "../../../src/config/schema.js";
import type { PollGate } from "../../../src/core/poll-gate.js";
import { createLogger } from "../../../src/log/logger.js";
import { NO_BACKLOG } from "../../../src/accounts/account-state.js";

/** A runner whose start waits (as for an unreachable Redis) until it is stopped. */
function waitingRunner(account: string, log: string[]): AccountRunner {
  let stopped: () => void = () => {};
  const ended = new Promise<void>((resolve) => (stopped = resolve));
  return {
    account,
    start: () => ended,
    async stop(_deadlineMs, options) {
      log.push(`stop ${account} ${options?.confirmOffsets === true}`);
      stopped();
    },
    state: () => ({ account, status: "starting", since: "", journalDepth: 0, webhookRemovals: 0 }),
    replier: () => {
      throw new Error("unused");
    },
    identity: () => undefined,
    outgoingDepth: () => 0,
    backlog: () => NO_BACKLOG,
  };
}

it("a stop is not queued behind a start that waits: it ends that start at once", async () => {
  const log: string[] = [];
  const gate: PollGate = { admit: () => Promise.reject(new Error("unused")) };
  let owned = true;
  const pool = createAccountPool({
    logger: createLogger({ level: "silent" }),
    journalFile: () => "/nonexistent",
    stopTimeoutMs: 1_000,
    handler: { handle: async () => undefined } as never,
    toPlain: (html) => html,
    apiRoot: "http://127.0.0.1:9",
    ownership: { gate: () => (owned ? gate : undefined) },
    createRunner: (options) => waitingRunner(options.account, log),
  });
  const config = gatewayConfigSchema.parse({
    defaultAccount: "support",
    accounts: { support: { botToken: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi" } },
    bindings: [],
  });
  const applied = pool.apply(config, { support: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi" });
  await new Promise((resolve) => setImmediate(resolve));
  expect(pool.get("support")).toBeDefined();

  // A graceful handover while the start still waits: it returns without waiting for the start.
  await pool.reconcile("support", true);
  expect(log).toEqual(["stop support true"]);
  await applied;
  owned = false;
  expect(pool.get("support")).toBeUndefined();
  await pool.stop();
});
