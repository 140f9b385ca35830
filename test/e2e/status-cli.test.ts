import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("wiki-gateway status (the CLI against a running daemon)", () => {
  it("shows the daemon's accounts as tables with exit 0, and exit 1 once an account stops polling", async () => {
    stack = await startStack({ accounts: ["default", "vera"] });
    const daemon = await stack.startDaemon();
    // The same settings as `start`: the CLI finds the daemon through GATEWAY_HTTP_PORT.
    const env = { ...stack.env, GATEWAY_HTTP_PORT: new URL(daemon.httpUrl).port };
    const healthy = await eventually(async () => {
      const r = await runCliProcess(["status"], env);
      return r.code === 0 ? r : undefined;
    }, 20_000);
    expect(healthy.stdout).toMatch(/^default +polling +@default_wiki_bot +on +- /m);
    expect(healthy.stdout).toMatch(/^vera +polling +@vera_wiki_bot +on +- /m);
    expect(healthy.stdout).toContain("All accounts polling, the wiki is usable.");

    stack.telegram.faults.revokeToken(stack.bots.vera!.username);
    const revoked = await eventually(async () => {
      const r = await runCliProcess(["status", "--json"], env);
      return r.code === 1 ? r : undefined;
    }, 20_000);
    const body = JSON.parse(revoked.stdout) as { accounts: Array<{ account: string; status: string }> };
    expect(body.accounts.map((a) => `${a.account}:${a.status}`)).toEqual([
      "default:polling",
      "vera:unauthorized",
    ]);
    const table = await runCliProcess(["status"], env);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/^vera +unauthorized .*fix: /ms);
  });
});
