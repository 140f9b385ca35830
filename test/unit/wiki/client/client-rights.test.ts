import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GraphQLClient } from "graphql-request";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../../packages/sandbox/src/memory-logger.js";
import { createSandboxWiki, type SandboxWiki } from "../../../../packages/sandbox/src/wiki/index.js";
import { classifyHttpFailure } from "../../../../src/wiki/client/classify-error.js";
import { createWikiClient, type WikiClientOptions } from "../../../../src/wiki/client/wiki-client.js";
import { mutationError } from "../../../../src/wiki/wiki-error.js";

/** Rights, probes, retries, concurrency and logging of the wiki client, over HTTP against the sandbox. */
const PAGES = [
  {
    path: "guides/backup",
    title: "Backups",
    description: "How backups work",
    content: "# Backups\n\nNightly.",
  },
  { path: "guides/onboarding", title: "Onboarding", description: "First day", content: "# Onboarding" },
];

const open: SandboxWiki[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((w) => w.close()));
});

async function setup(options: { pages?: typeof PAGES; now?: () => number } = {}) {
  const wiki = createSandboxWiki(options.now ? { now: options.now } : {});
  open.push(wiki);
  const base = await wiki.listen(0, "127.0.0.1");
  wiki.seed(options.pages ?? PAGES);
  const tokenFile = join(mkdtempSync(join(tmpdir(), "wg-client-rights-")), "token");
  const useKey = (key: string) => writeFileSync(tokenFile, key, { mode: 0o600 });
  useKey(wiki.issueKey());
  const client = (extra: Partial<WikiClientOptions> = {}) =>
    createWikiClient({ baseUrl: base, tokenFile, timeoutMs: 2000, retries: 0, ...extra });
  return { wiki, base, tokenFile, useKey, client };
}

describe("wiki client: proving authentication", () => {
  it("a read-only key (no manage:pages) cannot be told from a guest: probe fails with the rights to give", async () => {
    const { wiki, useKey, client } = await setup();
    useKey(wiki.issueKey({ fullAccess: false }));
    const c = client();
    expect((await c.listPages()).length).toBe(2); // listing works as for a guest
    await expect(c.getPage(1)).rejects.toMatchObject({ code: "wiki-needs-manage-pages", wikiCode: 6013 });
    const error = await c.probe().catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "wiki-guest-fallback",
      remedy: expect.stringContaining("manage:pages"),
    });
  });

  it("no token at all (an empty Authorization) is caught before any request", async () => {
    const { wiki, useKey, client } = await setup();
    useKey("\n");
    const before = wiki.stats().requests;
    await expect(client().probe()).rejects.toMatchObject({ code: "wiki-token-missing" });
    expect(wiki.stats().requests).toBe(before);
  });

  it("an empty wiki is proven with a harmless write probe; a guest fails it", async () => {
    const { wiki, useKey, client } = await setup({ pages: [] });
    const probe = await client().probe();
    expect(probe).toMatchObject({ authenticated: true, pageCount: 0, canReadContent: false });
    expect(probe.expiresInSeconds).toBeGreaterThan(3600);
    expect(wiki.pageCount()).toBe(0);
    const [h, p] = wiki.issueKey().split(".");
    useKey(`${h}.${p}.${"B".repeat(43)}`); // badly signed: Wiki.js runs it as Guest
    await expect(client().probe()).rejects.toMatchObject({ code: "wiki-guest-fallback" });
  });

  it("probe reports a token file readable by others as a warning", async () => {
    const { wiki, tokenFile, client } = await setup();
    writeFileSync(tokenFile, wiki.issueKey());
    chmodSync(tokenFile, 0o644);
    const probe = await client().probe();
    expect(probe.warnings?.[0]).toMatch(/readable by group or others/);
  });

  it("a key the wiki sees as expired for less than 14 days: every call is Unauthorized", async () => {
    const day = 24 * 3600 * 1000;
    const { wiki, useKey, client } = await setup({ now: () => Date.now() + day }); // the wiki's clock runs ahead
    useKey(wiki.issueKey({ expiredSecondsAgo: 3600 })); // expired by the wiki's clock, valid by ours
    await expect(client().listPages()).rejects.toMatchObject({
      code: "wiki-unauthorized",
      remedy: expect.stringContaining("operator responsible for the wiki"),
    });
  });

  it("a guest's mutation is Forbidden, with the truncated-token remedy", async () => {
    const { wiki, useKey, client } = await setup();
    const key = wiki.issueKey();
    useKey(key.slice(0, key.length - 10)); // cut short, still JWT-shaped
    const error = await client()
      .createPage({ path: "x/y", locale: "en", title: "t", content: "c" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "wiki-forbidden", remedy: expect.stringContaining("file") });
    expect(wiki.pageCount()).toBe(2);
  });
});

describe("wiki client: retries, concurrency, logs", () => {
  it("retries a 502 with backoff, then succeeds, and logs the retry", async () => {
    const { client } = await setup();
    let failures = 2;
    const flaky: typeof fetch = async (input, init) =>
      failures-- > 0
        ? new Response("Bad Gateway", { status: 502, headers: { "content-type": "text/plain" } })
        : fetch(input, init);
    const { logger, text } = createMemoryLogger();
    const pages = await client({ fetch: flaky, retries: 3, backoffMs: 5, logger }).listPages();
    expect(pages).toHaveLength(2);
    expect(text().match(/retrying/g)).toHaveLength(2);
  });

  it("a revoked key (HTTP 500) is not retried", async () => {
    const { wiki, useKey, client } = await setup();
    const key = wiki.issueKey();
    useKey(key);
    wiki.revokeKey(key);
    const before = wiki.stats().requests;
    await expect(client({ retries: 3, backoffMs: 5 }).listPages()).rejects.toMatchObject({
      code: "wiki-key-revoked",
      retryable: false,
    });
    expect(wiki.stats().requests - before).toBe(1);
  });

  it("a plain 500 is wiki-server-error, retried `retries` times", async () => {
    const { wiki, client } = await setup();
    let calls = 0;
    const broken: typeof fetch = async () => {
      calls += 1;
      return new Response("Internal Server Error", {
        status: 500,
        headers: { "content-type": "text/plain" },
      });
    };
    await expect(client({ fetch: broken, retries: 2, backoffMs: 1 }).listPages()).rejects.toMatchObject({
      code: "wiki-server-error",
      status: 500,
      retryable: true,
    });
    expect(calls).toBe(3);
    expect(wiki.stats().requests).toBe(0);
  });

  it("an unreachable wiki is retried, then named", async () => {
    const { wiki, client } = await setup();
    await wiki.setDown(true);
    const before = Date.now();
    await expect(client({ retries: 2, backoffMs: 20 }).listPages()).rejects.toMatchObject({
      code: "wiki-unreachable",
      message: expect.stringContaining("ECONNREFUSED"),
    });
    expect(Date.now() - before).toBeGreaterThanOrEqual(20 * 0.5 + 40 * 0.5);
    await wiki.setDown(false);
    expect(await client().listPages()).toHaveLength(2);
  });

  it("never has more than `concurrency` requests in flight", async () => {
    const { wiki, client } = await setup();
    wiki.setLatency(40);
    let inFlight = 0;
    let most = 0;
    const counting: typeof fetch = async (input, init) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await fetch(input, init);
      } finally {
        inFlight -= 1;
      }
    };
    const c = client({ fetch: counting, concurrency: 3 });
    const pages = await Promise.all(Array.from({ length: 12 }, () => c.getPage(1)));
    expect(pages.every((p) => p.title === "Backups")).toBe(true);
    expect(most).toBe(3);
  });

  it("sends POST JSON with the Bearer token to {base}/graphql and user text only in variables", async () => {
    const { wiki, tokenFile, client } = await setup();
    const seen: Array<{ url: string; method: string; headers: Headers; body: string }> = [];
    const spy: typeof fetch = async (input, init) => {
      seen.push({
        url: String(input),
        method: init?.method ?? "GET",
        headers: new Headers(init?.headers),
        body: String(init?.body),
      });
      return fetch(input, init);
    };
    const hostile = 'backup") { id } } mutation { x';
    await client({ fetch: spy }).search(hostile);
    const request = seen[0]!;
    expect(request.url).toMatch(/\/graphql$/);
    expect(request.method).toBe("POST");
    expect(request.headers.get("content-type")).toMatch(/application\/json/);
    expect(request.headers.get("authorization")).toBe(`Bearer ${readFileSync(tokenFile, "utf8")}`);
    const body = JSON.parse(request.body) as { query: string; variables: { query: string } };
    expect(body.variables.query).toBe(hostile);
    expect(body.query).not.toContain("backup");
    expect(wiki.stats().byOperation["pages.search"]).toBe(1);
  });

  it("logs retries without the token", async () => {
    const { tokenFile, client } = await setup();
    const { logger, text } = createMemoryLogger();
    let failures = 1;
    const flaky: typeof fetch = async (input, init) =>
      failures-- > 0 ? Promise.reject(new TypeError("fetch failed")) : fetch(input, init);
    await client({ fetch: flaky, retries: 1, backoffMs: 1, logger }).listPages();
    const token = readFileSync(tokenFile, "utf8");
    expect(text()).toMatch(/wiki-unreachable/);
    expect(text()).not.toContain(token);
  });
});

describe("wiki client: error classification", () => {
  it("a document the wiki rejects (HTTP 400 GRAPHQL_VALIDATION_FAILED) is wiki-validation, a bug", async () => {
    const { base } = await setup();
    const raw = new GraphQLClient(`${base}/graphql`, { errorPolicy: "all" });
    const error = await raw.rawRequest('{ pages { search(query: "x") { id } } }').catch((e: unknown) => e);
    const classified = classifyHttpFailure(error, `${base}/graphql`, 1000);
    expect(classified).toMatchObject({ code: "wiki-validation", status: 400, retryable: false });
    expect(classified.message).toMatch(/GRAPHQL_VALIDATION_FAILED/);
    expect(classified.remedy).toMatch(/bug/);
  });

  it("a failed mutation becomes wiki-mutation-failed with the Wiki.js code and a remedy", async () => {
    const { client } = await setup();
    const result = await client().createPage({ path: "bad.path", locale: "en", title: "t", content: "c" });
    expect(result).toMatchObject({ succeeded: false, errorCode: 6005, slug: "PageIllegalPath" });
    const error = mutationError("creating bad.path", result);
    expect(error).toMatchObject({ code: "wiki-mutation-failed", wikiCode: 6005, slug: "PageIllegalPath" });
    expect(error.remedy).toMatch(/'\.'/);
    await expect(client().updatePage({ id: 999, content: "x" })).rejects.toMatchObject({
      code: "wiki-page-not-found",
    });
    const gone = {
      ...(await client().getPage((await client().listPages())[0]!.id)),
      id: 999,
    };
    const unknown = await client().updatePage({ id: 999, content: "x", current: gone });
    expect(unknown).toMatchObject({
      succeeded: false,
      errorCode: 1,
      slug: "Error",
      message: "Invalid Page Id",
    });
    expect(mutationError("updating", unknown).remedy).toMatch(/does not exist/);
  });

  it("a base URL that is not Wiki.js (404) is wiki-not-found-url with the /graphql remedy", async () => {
    const { base, client } = await setup();
    await expect(client({ baseUrl: `${base}/wiki/` }).listPages()).rejects.toMatchObject({
      code: "wiki-not-found-url",
      status: 404,
      remedy: expect.stringContaining("{base_url}/graphql"),
    });
    expect(client({ baseUrl: `${base}/graphql/` }).graphqlUrl).toBe(`${base}/graphql`);
    expect(() => client({ baseUrl: `${base}/api/v1` })).toThrowError(
      expect.objectContaining({ code: "wiki-rest-path" }),
    );
  });
});
