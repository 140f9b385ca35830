import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSandboxWiki, type SandboxWiki } from "../../../../packages/sandbox/src/wiki/index.js";
import { closeCutPage } from "../../../../src/wiki/client/bounded-fetch.js";
import { createWikiClient } from "../../../../src/wiki/client/wiki-client.js";

const KIB = 1024;
const open: SandboxWiki[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((w) => w.close()));
});

/** The sandbox wiki with a short page and one of `bigBytes`, and a client with the given bounds. */
async function wikiWith(bigBytes: number, bounds: { responseMaxBytes: number; pageMaxBytes: number }) {
  const wiki = createSandboxWiki();
  open.push(wiki);
  const base = await wiki.listen(0, "127.0.0.1");
  const big = `# Huge\n\n${'Ünïcödé wörds and "quotes" \\ back\n'.repeat(Math.ceil(bigBytes / 40))}`;
  wiki.seed([
    { path: "small", title: "Small", description: "", content: "# Small\n\nShort." },
    { path: "huge", title: "Huge", description: "", content: big },
  ]);
  const tokenFile = join(mkdtempSync(join(tmpdir(), "wg-read-bounds-")), "token");
  writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
  return createWikiClient({ baseUrl: base, tokenFile, timeoutMs: 5000, retries: 0, bounds });
}

describe("the wiki client's byte bounds", () => {
  it("reads a page past pageMaxBytes up to it: every other field whole, the content cut and marked", async () => {
    const client = await wikiWith(3 * 1024 * KIB, {
      responseMaxBytes: 16 * 1024 * KIB,
      pageMaxBytes: 64 * KIB,
    });
    const huge = await client.getPageByPath("huge", "en");
    expect(huge).toMatchObject({ path: "huge", title: "Huge", contentCut: true, editor: "markdown" });
    expect(Buffer.byteLength(huge!.content)).toBeLessThanOrEqual(64 * KIB);
    expect(Buffer.byteLength(huge!.content)).toBeGreaterThan(60 * KIB);
    expect(huge!.content.startsWith("# Huge\n\nÜnïcödé wörds")).toBe(true);
    expect(huge!.content).not.toContain("\uFFFD");
    const small = await client.getPageByPath("small", "en");
    expect(small).toMatchObject({ content: "# Small\n\nShort." });
    expect(small).not.toHaveProperty("contentCut");
  });

  it("refuses an answer past responseMaxBytes while it arrives (wiki-response-too-large): 100 MB never read", async () => {
    let sent = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 100 * 1024 * KIB) return controller.close();
          const chunk = new TextEncoder().encode(
            sent === 0 ? '{"data":{"pages":{"list":[' : "0,".repeat(32 * KIB),
          );
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
    const tokenFile = join(mkdtempSync(join(tmpdir(), "wg-read-bounds-")), "token");
    const wiki = createSandboxWiki();
    open.push(wiki);
    writeFileSync(tokenFile, wiki.issueKey(), { mode: 0o600 });
    const client = createWikiClient({
      baseUrl: "http://127.0.0.1:9",
      tokenFile,
      retries: 0,
      bounds: { responseMaxBytes: 1024 * KIB, pageMaxBytes: 64 * KIB },
      fetch: async () => new Response(endless(), { headers: { "content-type": "application/json" } }),
    });
    await expect(client.listPages()).rejects.toMatchObject({ code: "wiki-response-too-large" });
    expect(sent).toBeLessThan(2 * 1024 * KIB);
  });

  it("never edits a cut page, nor reads a short list as cut", async () => {
    const client = await wikiWith(3 * 1024 * KIB, { responseMaxBytes: 1024 * KIB, pageMaxBytes: 64 * KIB });
    const huge = (await client.getPageByPath("huge", "en"))!;
    await expect(client.updatePage({ id: huge.id, content: "replaced" })).rejects.toMatchObject({
      code: "wiki-page-too-large",
    });
    expect((await client.getPageByPath("huge", "en"))!.contentCut).toBe(true);
    const tiny = await wikiWith(2 * 1024 * KIB, { responseMaxBytes: 1024 * KIB, pageMaxBytes: 64 * KIB });
    // The list itself is small; a search answer too: only an answer past the bound is refused.
    expect((await tiny.listPages()).length).toBe(2);
  });
});

describe("closeCutPage", () => {
  const head = '{"data":{"pages":{"single":{"id":1,"title":"T","content":"';
  it.each([
    ["plain text", "abc", "abc"],
    ["a cut escape", "ab\\", "ab"],
    ["an escaped backslash kept", "ab\\\\", "ab\\"],
    ["a cut unicode escape", "ab\\u00", "ab"],
  ])("closes %s", (_name, tail, content) => {
    const closed = JSON.parse(closeCutPage(head + tail)!) as {
      data: { pages: { single: { content: string; contentCut: boolean } } };
    };
    expect(closed.data.pages.single).toMatchObject({ content, contentCut: true });
  });

  it("refuses a cut before the content", () => {
    expect(closeCutPage('{"data":{"pages":{"single":{"id":1,"title":"T')).toBeUndefined();
  });
});
