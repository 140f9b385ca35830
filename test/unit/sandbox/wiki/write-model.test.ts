import { afterEach, describe, expect, it } from "vitest";
import { CREATE, createVars, startWiki, type WikiHarness } from "./helpers.js";

let h: WikiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("sandbox wiki: writes as slow as a real wiki's", () => {
  it("saves the page before the write latency ends: a client that gives up still created it", async () => {
    h = await startWiki({ writeLatencyMs: 400 });
    const started = performance.now();
    const slow = h.gql(CREATE, createVars({ path: "slow/page" }), h.admin);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.wiki.pageCount()).toBe(6);
    const answer = await slow;
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(answer.json.data.pages.create.responseResult.succeeded).toBe(true);
  });

  it("overlapping creates: the later tree job fails with the SQL statement, and both pages exist", async () => {
    h = await startWiki({ writeLatencyMs: 200 });
    const [first, second] = await Promise.all([
      h.gql(CREATE, createVars({ path: "tree/a" }), h.admin),
      h.gql(CREATE, createVars({ path: "tree/b" }), h.admin),
    ]);
    expect(first.json.data.pages.create.responseResult.succeeded).toBe(true);
    const failed = second.json.data.pages.create.responseResult;
    expect(failed).toMatchObject({ succeeded: false, errorCode: 1, slug: "Error" });
    expect(failed.message).toMatch(/^Error when running job rebuild-tree: insert into `pageTree`/);
    expect(failed.message).toMatch(/UNIQUE constraint failed: pageTree\.id$/);
    expect(h.wiki.pageCount()).toBe(7);
  });

  it("setTreeJobFailure: 'always' fails every create's tree job, 'never' none", async () => {
    h = await startWiki();
    h.wiki.setTreeJobFailure("always");
    const failed = await h.gql(CREATE, createVars({ path: "tree/c" }), h.admin);
    expect(failed.json.data.pages.create.responseResult).toMatchObject({ succeeded: false, errorCode: 1 });
    h.wiki.setTreeJobFailure("never");
    h.wiki.setWriteLatency(100);
    const answers = await Promise.all(
      ["tree/d", "tree/e"].map((path) => h!.gql(CREATE, createVars({ path }), h!.admin)),
    );
    expect(answers.map((a) => a.json.data.pages.create.responseResult.succeeded)).toEqual([true, true]);
    expect(h.wiki.pageCount()).toBe(8);
  });
});

describe("sandbox wiki: page URLs", () => {
  const status = async (path: string) => (await fetch(`${h!.base}${path}`)).status;

  it("a published page's URL answers 200, a missing one 404", async () => {
    h = await startWiki();
    const [first] = (await h.gql("{ pages { list { path locale } } }", {}, h.admin)).json.data.pages.list;
    expect(await status(`/${first.locale}/${first.path}`)).toBe(200);
    expect(await status(`/${first.locale}/${first.path}-nothing`)).toBe(404);
  });

  it('drops the characters ?"|<>:* from a URL path: such a page is stored but cannot be opened', async () => {
    h = await startWiki();
    const created = await h.gql(CREATE, createVars({ path: "verify/what?" }), h.admin);
    expect(created.json.data.pages.create.responseResult.succeeded).toBe(true);
    expect(await status(`/en/${encodeURIComponent("verify/what?").replace(/%2F/g, "/")}`)).toBe(404);
    await h.gql(CREATE, createVars({ path: "verify/what" }), h.admin);
    expect(await status("/en/verify/what%3F")).toBe(200);
  });
});
