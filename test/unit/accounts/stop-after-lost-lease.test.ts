import { afterEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { createTelegramSandbox, type TelegramSandbox } from "../../../packages/sandbox/src/telegram/index.js";
import { createAccountPool } from "../../../src/accounts/account-pool.js";
import { createAccountRunner } from "../../../src/accounts/account-runner.js";
import { LeaseLostError } from "../../../src/cluster/lease-lost-error.js";
import type { PollGate } from "../../../src/core/poll-gate.js";
import { journalFile } from "./fixtures.js";
import { NO_BACKLOG } from "../../../src/accounts/account-state.js";

let sandbox: TelegramSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** Records the unhandled rejections raised while `work` runs (each one would end the daemon). */
async function unhandledDuring(work: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => void seen.push(reason);
  process.on("unhandledRejection", listener);
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off("unhandledRejection", listener);
  }
  return seen;
}

describe("stopping an account whose lease was lost (cluster mode)", () => {
  it("stop() resolves and closes the journal after the poll gate made the runner give up", async () => {
    sandbox = createTelegramSandbox();
    const apiRoot = await sandbox.listen();
    const bot = sandbox.addBot({ username: "lost_bot", firstName: "Lost" });
    // The lease is gone: every getUpdates is refused by the gate, as ownership does after a loss.
    const pollGate: PollGate = {
      admit: async () => {
        throw new LeaseLostError("a", "not held");
      },
    };
    const runner = createAccountRunner({
      account: "a",
      token: bot.token,
      apiRoot,
      journalFile: journalFile(),
      logger: createMemoryLogger().logger,
      handler: async () => {},
      toPlain: (html) => html,
      pollGate,
      pacing: false,
    });
    // Settles once the grammY runner stopped retrying the refused poll (its maxRetryTime).
    await runner.start();
    expect(runner.state().status).not.toBe("polling");
    await expect(runner.stop(1_000)).resolves.toBeUndefined();
    expect(runner.state().status).toBe("stopped");
  }, 20_000);

  it("a failed stop reaches the caller of reconcile, and nothing else (no unhandled rejection)", async () => {
    const failure = new Error("stop failed");
    const pool = createAccountPool({
      logger: createMemoryLogger().logger,
      journalFile: () => journalFile(),
      apiRoot: "http://127.0.0.1:9",
      handler: async () => {},
      toPlain: (html) => html,
      stopTimeoutMs: 100,
      ownership: {
        gate: () => ({ admit: async () => ({ timeoutSeconds: 0, signal: new AbortController().signal }) }),
      },
      createRunner: (options) => ({
        account: options.account,
        start: async () => {},
        stop: async () => {
          throw failure;
        },
        state: () => ({
          account: options.account,
          status: "polling",
          since: "",
          journalDepth: 0,
          webhookRemovals: 0,
        }),
        replier: () => {
          throw new Error("unused");
        },
        identity: () => undefined,
        outgoingDepth: () => 0,
        backlog: () => NO_BACKLOG,
      }),
    });
    await pool.apply(
      { enabled: true, accounts: { a: { enabled: true } } } as unknown as Parameters<typeof pool.apply>[0],
      { a: "1:token" },
    );
    expect(pool.get("a")).toBeDefined();
    let caught: unknown;
    const unhandled = await unhandledDuring(async () => {
      await pool.reconcile("a", true).catch((error: unknown) => void (caught = error));
    });
    expect(caught).toBe(failure);
    expect(unhandled).toEqual([]);
  });
});
