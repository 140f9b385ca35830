import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { createSandboxWiki, type SandboxWiki } from "../../../packages/sandbox/src/wiki/index.js";
import { createWikiWatch } from "../../../src/pipeline/wiki-watch.js";
import { createWikiClient } from "../../../src/wiki/client/wiki-client.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";

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
