import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { createSandboxWiki, type SandboxWiki } from "../../../packages/sandbox/src/wiki/index.js";
import { gatewayReadiness } from "../../../src/http/gateway-readiness.js";
import { createWikiWatch, type WikiWatch } from "../../../src/pipeline/wiki-watch.js";
import { createWikiClient } from "../../../src/wiki/client/wiki-client.js";
import { createSearchIndex, type SearchIndex } from "../../../src/wiki/search-index/index.js";
import { WikiError } from "../../../src/wiki/wiki-error.js";
import { createMemoryWiki } from "../../helpers/memory-wiki.js";

/** The periodic wiki check, over HTTP against the sandbox wiki, counting what it asks. */
let wiki: SandboxWiki;
const dir = mkdtempSync(join(tmpdir(), "wg-watch-"));
const tokenFile = join(dir, "token");

beforeAll(async () => {
  wiki = createSandboxWiki();
  const base = await wiki.listen();
  wiki.seed([
    { path: "guides/backup", title: "Backups", content: "# Backups\n\nNightly." },
    { path: "guides/onboarding", title: "Onboarding", content: "# Onboarding\n\nLaptop." },
  ]);
  writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
  baseUrl = base;
});
afterAll(() => wiki.close());
let baseUrl = "";

const lists = () => wiki.stats().byOperation["pages.list"] ?? 0;

describe("wiki watch", () => {
  it("lists the pages once per cycle: the probe proves the rights on a known page id", async () => {
    const client = createWikiClient({ baseUrl, tokenFile, timeoutMs: 2000, retries: 0 });
    const index = createSearchIndex({});
    const watch = createWikiWatch({
      wiki: client,
      index,
      indexFile: join(dir, "search.json"),
      refreshSeconds: 3600,
      logger: createMemoryLogger().logger,
    });
    const before = lists();
    await watch.start(); // the first cycle (build) runs in the background
    for (let i = 0; i < 200 && !(index.ready && watch.state().ok); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(watch.state().ok).toBe(true);
    expect(index.ready).toBe(true);
    expect(lists() - before).toBe(1);
    for (let i = 2; i <= 4; i++) {
      await watch.refreshNow();
      expect(lists() - before).toBe(i);
    }
    // The one listing still brings new pages into the index.
    wiki.seed([{ path: "guides/vpn", title: "VPN", content: "# VPN\n\nConnect first." }]);
    await watch.refreshNow();
    expect(lists() - before).toBe(5);
    expect(index.stats().pages).toBe(3);
    await watch.stop();
  });
});

describe("wiki watch: a wiki that is not there at start", () => {
  const until = async (check: () => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error("condition not met in time");
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const readinessOf = (watch: WikiWatch, index: SearchIndex) =>
    gatewayReadiness({
      accounts: () => [],
      wiki: () => watch.state(),
      indexReady: () => index.ready,
      indexBuilding: () => watch.indexBuilding(),
      indexStats: () => index.stats(),
      configLoaded: () => true,
      agents: () => [],
      eventLoop: () => ({ blocks: 0, thresholdMs: 100, recent: [] }),
    });

  it("is tried again soon, backing off up to the refresh interval, and found once it answers", async () => {
    const wiki = createMemoryWiki([{ path: "guides/backup", title: "Backups", content: "Nightly." }]);
    wiki.failWith(
      new WikiError("wiki-unreachable", "the wiki at http://wiki:3000 cannot be reached (ECONNREFUSED)"),
    );
    const index = createSearchIndex();
    let refreshed = 0;
    const watch = createWikiWatch({
      wiki,
      index,
      indexFile: join(dir, "cold.idx"),
      refreshSeconds: 0.8,
      firstRetryMs: 100,
      logger: createMemoryLogger().logger,
      onRefreshed: () => refreshed++,
    });
    const waits: number[] = [];
    await watch.start();
    await until(() => watch.state().nextTryAt !== undefined);
    const down = readinessOf(watch, index);
    expect(down.checks.wiki).toEqual({
      ok: false,
      detail: expect.stringMatching(/cannot be reached.*; next try (in 1 s|now)$/),
    });
    expect(down.checks.index?.detail).toMatch(/^the search index is not built: the wiki is not usable/);
    expect(down.checks.index?.detail).not.toMatch(/being built/);
    expect(watch.indexBuilding()).toBe(false);
    expect(refreshed).toBe(0); // the index age metric does not move while the wiki is down

    // Each failed try schedules the next one later than the one before, up to the refresh interval.
    let seen = "";
    await until(() => {
      const { nextTryAt, checkedAt } = watch.state();
      if (nextTryAt && nextTryAt !== seen) {
        seen = nextTryAt;
        waits.push(Date.parse(nextTryAt) - Date.parse(checkedAt!));
      }
      return waits.length >= 5;
    });
    // (A try missed by this polling under load leaves a gap, never a shorter wait.)
    const rounded = waits.map((wait) => [100, 200, 400, 800].find((d) => wait >= d && wait < d + 40));
    expect(rounded).not.toContain(undefined);
    expect(rounded[0]).toBe(100);
    expect([...rounded].sort((a, b) => a! - b!)).toEqual(rounded);
    expect(rounded.at(-1)).toBe(800);

    wiki.failWith(undefined);
    await until(() => index.ready && watch.state().ok && refreshed >= 1);
    expect(watch.state().nextTryAt).toBeUndefined();
    expect(readinessOf(watch, index).checks.index).toEqual({ ok: true });
    await watch.stop();
  });

  it("stops trying on stop", async () => {
    const wiki = createMemoryWiki([]);
    wiki.failWith(new Error("connect ECONNREFUSED"));
    const watch = createWikiWatch({
      wiki,
      index: createSearchIndex(),
      indexFile: join(dir, "stopped.idx"),
      refreshSeconds: 3600,
      firstRetryMs: 20,
      logger: createMemoryLogger().logger,
    });
    await watch.start();
    await until(() => wiki.calls.listPages >= 2);
    await watch.stop();
    const calls = wiki.calls.listPages;
    await new Promise((r) => setTimeout(r, 150));
    expect(wiki.calls.listPages).toBe(calls);
  });
});
