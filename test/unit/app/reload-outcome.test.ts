import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ConfigTarget, reloadConfig } from "../../../src/app/apply-config.js";
import { gatewayReadiness, type GatewayView } from "../../../src/http/gateway-readiness.js";
import { gatewayStatus } from "../../../src/http/gateway-status.js";
import { createLogger } from "../../../src/log/logger.js";

const TOKEN = "123456789:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkS1";
const valid = {
  defaultAccount: "default",
  accounts: { default: { botToken: TOKEN } },
  bindings: [{ agentId: "main", match: { channel: "telegram", accountId: "default" } }],
};

describe("the outcome of a hot reload, as /status and /readyz show it", () => {
  let dir: string;
  let target: ConfigTarget;
  let view: GatewayView;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "wg-reload-"));
    const path = join(dir, "gateway.json");
    await writeFile(path, JSON.stringify(valid));
    target = {
      config: { path, runtime: undefined, health: { appliedAt: undefined, lastReload: undefined } },
      pool: { apply: async () => ({ started: [], stopped: [] }) },
      wikiUrl: "http://wiki",
      logger: createLogger({ level: "silent" }),
    };
    view = {
      accounts: () => [],
      wiki: () => ({ ok: true }),
      indexReady: () => true,
      indexStats: () => ({}),
      configLoaded: () => target.config.runtime !== undefined,
      configHealth: () => target.config.health,
      agents: () => [],
      eventLoop: () => ({ blocks: 0, thresholdMs: 100, recent: [] }),
    };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("a refused file is recorded with its trigger, time and problems; the next good one clears it", async () => {
    expect((await reloadConfig(target, "start")).applied).toBe(true);
    const appliedAt = target.config.health.appliedAt;
    expect(appliedAt).toBeDefined();

    await writeFile(target.config.path, JSON.stringify({ ...valid, defaultAccount: "nobody" }));
    expect((await reloadConfig(target, "SIGHUP")).applied).toBe(false);
    const status = gatewayStatus(view);
    expect(status.config).toEqual({
      appliedAt,
      lastReload: {
        at: expect.any(String),
        trigger: "SIGHUP",
        outcome: "refused",
        problems: [expect.stringContaining('defaultAccount: names "nobody"')],
      },
    });
    const readiness = gatewayReadiness(view);
    expect(readiness.ready).toBe(true);
    expect(readiness.checks.config?.detail).toMatch(
      new RegExp(
        `gateway\\.json on disk was refused at .*; the configuration applied at ${appliedAt} keeps running`,
      ),
    );

    await writeFile(target.config.path, JSON.stringify(valid));
    expect((await reloadConfig(target, "file changed")).applied).toBe(true);
    expect(gatewayStatus(view).config.lastReload).toMatchObject({
      trigger: "file changed",
      outcome: "applied",
    });
    expect(gatewayReadiness(view).checks.config).toEqual({ ok: true });
  });
});
