import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../packages/sandbox/src/memory-logger.js";
import { createWikiClient, type WikiClientOptions } from "../../src/wiki/client/wiki-client.js";
import type { WikiPage } from "../../src/wiki/types.js";

/**
 * The wiki contract: what the gateway's client relies on, run against the sandbox wiki in
 * `npm test` and against a real Wiki.js 2.5 (SQLite and PostgreSQL) in `npm run test:wikijs`.
 * A difference between the two is either a sandbox fix or an exception documented here.
 *
 * Documented exceptions (not part of the shared contract):
 * - `search.maxHits` (100) needs more than 100 pages; creating them on a real wiki takes minutes,
 *   so the cap is tested on the sandbox only (test/unit/sandbox/wiki/persistence.test.ts).
 * - The sandbox's write latency is set by the test; a real wiki is slow by itself (3–10 s per
 *   write), so `slowWrites` does nothing there.
 */
export interface ContractKeys {
  full: string;
  expired: string;
  revoked: string;
  /** A group with read:pages and read:source only. */
  readOnly: string;
  /** A writer whose page rules deny the path prefix "denied". */
  denied: string;
}

export interface ContractTarget {
  name: string;
  baseUrl: string;
  keys: ContractKeys;
  setApiEnabled(enabled: boolean): Promise<void>;
  /** Makes creates and updates outlast `writeTimeoutMs` below (the sandbox: write latency). */
  slowWrites(on: boolean): Promise<void>;
  /** A write timeout that a create or update of this target outlasts while writes are slow. */
  writeTimeoutMs: number;
  /** Read-back waits after an ambiguous write. */
  confirmDelaysMs: number[];
}

/** One run's paths, so a reused wiki never collides with an earlier run. */
const RUN = `contract-${Date.now().toString(36)}`;

export function defineWikiContract(target: () => ContractTarget, options: { timeoutMs: number }): void {
  const tokenDir = mkdtempSync(join(tmpdir(), "wg-contract-"));
  const tokenFile = (key: keyof ContractKeys) => {
    const file = join(tokenDir, key);
    writeFileSync(file, target().keys[key], { mode: 0o600 });
    return file;
  };
  const client = (key: keyof ContractKeys = "full", extra: Partial<WikiClientOptions> = {}) =>
    createWikiClient({
      baseUrl: target().baseUrl,
      tokenFile: tokenFile(key),
      timeoutMs: 60_000,
      retries: 1,
      backoffMs: 50,
      confirmDelaysMs: target().confirmDelaysMs,
      ...extra,
    });
  const page = (name: string) => `${RUN}/${name}`;
  const create = (name: string, more: Partial<Parameters<ReturnType<typeof client>["createPage"]>[0]> = {}) =>
    client().createPage({
      path: page(name),
      locale: "en",
      title: `Contract ${name}`,
      content: `# Contract ${name}\n\nBody of ${name}.`,
      description: `About ${name}`,
      ...more,
    });
  const readBack = async (name: string): Promise<WikiPage> => {
    const found = await client().getPageByPath(page(name), "en");
    expect(found, `page ${page(name)}`).toBeDefined();
    return found!;
  };
  const raw = async (key: keyof ContractKeys | undefined, query: string, variables = {}) => {
    const response = await fetch(`${target().baseUrl}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(key ? { authorization: `Bearer ${target().keys[key]}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const t = options.timeoutMs;

  describe("wiki contract: pages", () => {
    it(
      "a created page is listed, read by id and by path, and found by the title search",
      async () => {
        const created = await create("listed", { tags: ["contract", "alpha"] });
        expect(created).toMatchObject({ succeeded: true, errorCode: 0, slug: "ok", confirmedBy: "answer" });
        expect(created.message).toBe("Page created successfully.");
        const id = created.page!.id;
        const listed = (await client().listPages()).find((p) => p.id === id);
        expect(listed).toMatchObject({
          path: page("listed"),
          locale: "en",
          isPublished: true,
          isPrivate: false,
        });
        expect(listed!.tags.sort()).toEqual(["alpha", "contract"]);
        const single = await client().getPage(id);
        expect(single).toMatchObject({ title: "Contract listed", description: "About listed", locale: "en" });
        expect(single.content).toBe("# Contract listed\n\nBody of listed.");
        expect((await readBack("listed")).id).toBe(id);
        expect(await client().getPageByPath(page("listed"), "de")).toBeUndefined();
        expect(await client().getPageByPath(page("nothing-here"), "en")).toBeUndefined();
        const hits = await client().search("Contract listed", "en");
        expect(hits.map((h) => h.path)).toContain(page("listed"));
      },
      t,
    );

    it(
      "refusals come back as results with Wiki.js's codes, and create nothing",
      async () => {
        await create("taken");
        expect(await create("taken")).toMatchObject({
          succeeded: false,
          errorCode: 6002,
          slug: "PageDuplicateCreate",
          confirmedBy: "answer",
        });
        expect(await create("empty", { content: "  " })).toMatchObject({
          errorCode: 6004,
          slug: "PageEmptyContent",
        });
        expect(await create("has space")).toMatchObject({ errorCode: 6005, slug: "PageIllegalPath" });
        expect(await client().getPageByPath(page("empty"), "en")).toBeUndefined();
      },
      t,
    );

    it(
      "selecting the created page's locale makes Wiki.js answer page: null (the client does not)",
      async () => {
        const answer = await raw(
          "full",
          `mutation ($path: String!) { pages { create(content: "x", description: "", editor: "markdown", isPublished: true, isPrivate: false, locale: "en", path: $path, tags: [], title: "t") { responseResult { succeeded } page { id locale } } } }`,
          { path: page("with-locale") },
        );
        expect(answer.body.data.pages.create.page).toBeNull();
        expect(answer.body.errors[0].message).toMatch(
          /Cannot return null for non-nullable field Page\.locale/,
        );
        expect((await readBack("with-locale")).locale).toBe("en");
      },
      t,
    );

    it(
      'page URLs: a page answers 200; a path with ?"|<>:* is stored but its URL does not lead to it',
      async () => {
        await create("linked");
        const status = async (path: string) =>
          (await fetch(`${target().baseUrl}/en/${path}`, { signal: AbortSignal.timeout(60_000) })).status;
        expect(await status(page("linked"))).toBe(200);
        expect(await status(`${page("linked")}-missing`)).toBe(404);
        expect(await create("what?")).toMatchObject({ succeeded: true });
        expect(await status(`${page("what")}%3F`)).toBe(404);
      },
      t,
    );
  });

  describe("wiki contract: updates keep what they do not change", () => {
    it(
      "a draft stays a draft: tags, title, description and publication are sent back unchanged",
      async () => {
        const created = await create("draft", { isPublished: false, tags: ["draft-tag"] });
        expect(created.succeeded).toBe(true);
        const before = await readBack("draft");
        expect(before.isPublished).toBe(false);
        const updated = await client().updatePage({ id: before.id, content: "Draft, second version." });
        expect(updated).toMatchObject({ succeeded: true, message: "Page has been updated." });
        const after = await readBack("draft");
        expect(after).toMatchObject({
          isPublished: false,
          isPrivate: false,
          title: "Contract draft",
          description: "About draft",
          tags: ["draft-tag"],
          content: "Draft, second version.",
        });
      },
      t,
    );

    it(
      "the publication window and the page's CSS and JavaScript are sent back; an update without them empties them",
      async () => {
        const kept = {
          publishStartDate: "2030-01-01T00:00:00.000Z",
          publishEndDate: "2031-01-01T00:00:00.000Z",
          // Already minified: Wiki.js minifies the CSS it is sent (the sandbox stores it as sent).
          scriptCss: "body{color:red}",
          scriptJs: "console.log(1)",
        };
        const made = await raw(
          "full",
          `mutation ($path: String!, $s: Date, $e: Date, $css: String, $js: String) { pages { create(content: "Scheduled.", description: "d", editor: "markdown", isPublished: true, isPrivate: false, locale: "en", path: $path, publishStartDate: $s, publishEndDate: $e, scriptCss: $css, scriptJs: $js, tags: ["news"], title: "Scheduled") { responseResult { succeeded } } } }`,
          {
            path: page("scheduled"),
            s: kept.publishStartDate,
            e: kept.publishEndDate,
            css: kept.scriptCss,
            js: kept.scriptJs,
          },
        );
        expect(made.body.data.pages.create.responseResult.succeeded).toBe(true);
        const before = await readBack("scheduled");
        expect(before).toMatchObject({ ...kept, isPublished: true });
        // The page list has no publication dates: a page must be read to know its window.
        const listed = await raw("full", "{ pages { list { id publishStartDate } } }");
        expect(listed.status).toBe(400);
        expect(listed.body.errors[0].message).toMatch(
          /Cannot query field "publishStartDate" on type "PageListItem"/,
        );

        expect(await client().updatePage({ id: before.id, content: "Scheduled, typo fixed." })).toMatchObject(
          {
            succeeded: true,
          },
        );
        expect(await readBack("scheduled")).toMatchObject({ ...kept, content: "Scheduled, typo fixed." });
        // A key without write:scripts and write:styles cannot change the scripts: they stay.
        const limited = await client("denied").updatePage({ id: before.id, content: "By a writer." });
        expect(limited.succeeded).toBe(true);
        expect(await readBack("scheduled")).toMatchObject(kept);

        // What the gateway must never do: an update that leaves them out empties all four.
        const bare = await raw(
          "full",
          `mutation ($id: Int!) { pages { update(id: $id, content: "Bare.", tags: ["news"], isPublished: true) { responseResult { succeeded } } } }`,
          { id: before.id },
        );
        expect(bare.body.data.pages.update.responseResult.succeeded).toBe(true);
        expect(await readBack("scheduled")).toMatchObject({
          publishStartDate: "",
          publishEndDate: "",
          scriptCss: "",
          scriptJs: "",
        });
      },
      t,
    );

    it(
      "a published page outside its publication window is listed as published, but a reader's URL answers 403",
      async () => {
        const window = async (name: string, s: string, e: string) => {
          const made = await raw(
            "full",
            `mutation ($path: String!, $s: Date, $e: Date) { pages { create(content: "In a window.", description: "", editor: "markdown", isPublished: true, isPrivate: false, locale: "en", path: $path, publishStartDate: $s, publishEndDate: $e, tags: [], title: "Window") { responseResult { succeeded } page { id } } } }`,
            { path: page(name), s, e },
          );
          return made.body.data.pages.create.page.id as number;
        };
        const future = await window("window-future", "2030-01-01T00:00:00.000Z", "");
        const past = await window("window-past", "", "2020-01-01T00:00:00.000Z");
        const open = await window("window-open", "2020-01-01T00:00:00.000Z", "2099-01-01T00:00:00.000Z");
        const listed = await client().listPages();
        for (const id of [future, past, open]) {
          expect(listed.find((p) => p.id === id)).toMatchObject({ isPublished: true, isPrivate: false });
        }
        expect((await client().getPage(past)).publishEndDate).toBe("2020-01-01T00:00:00.000Z");
        const status = async (path: string) =>
          (await fetch(`${target().baseUrl}/en/${path}`, { signal: AbortSignal.timeout(60_000) })).status;
        expect(await status(page("window-future"))).toBe(403);
        expect(await status(page("window-past"))).toBe(403);
        expect(await status(page("window-open"))).toBe(200);
      },
      t,
    );

    it(
      'an unknown page id fails with errorCode 1 "Invalid Page Id", not confirmed by reading back',
      async () => {
        const current = await readBack("listed");
        const result = await client().updatePage({
          id: 999_999,
          content: "x",
          current: { ...current, id: 999_999 },
        });
        expect(result).toMatchObject({ succeeded: false, errorCode: 1, message: "Invalid Page Id" });
      },
      t,
    );
  });

  describe("wiki contract: writes happen once", () => {
    it(
      "a create that outlasts the write timeout is not resent: it is read back and reported created",
      async () => {
        await target().slowWrites(true);
        try {
          const memory = createMemoryLogger();
          const slow = client("full", {
            writeTimeoutMs: target().writeTimeoutMs,
            retries: 3,
            logger: memory.logger,
          });
          const result = await slow.createPage({
            path: page("slow-create"),
            locale: "en",
            title: "Slow create",
            content: "Created once.",
          });
          expect(result).toMatchObject({ succeeded: true, confirmedBy: "read-back" });
          expect(memory.lines().some((l) => /not confirmed by its answer/.test(String(l.msg)))).toBe(true);
        } finally {
          await target().slowWrites(false);
        }
        const copies = (await client().listPages()).filter((p) => p.path === page("slow-create"));
        expect(copies).toHaveLength(1);
      },
      t,
    );

    it(
      "an update that outlasts the write timeout is read back and reported updated",
      async () => {
        const created = await create("slow-update");
        await target().slowWrites(true);
        try {
          const slow = client("full", { writeTimeoutMs: target().writeTimeoutMs, retries: 3 });
          const result = await slow.updatePage({ id: created.page!.id, content: "Updated once." });
          expect(result).toMatchObject({ succeeded: true, confirmedBy: "read-back" });
        } finally {
          await target().slowWrites(false);
        }
        expect((await readBack("slow-update")).content).toBe("Updated once.");
      },
      t,
    );

    it(
      "a write that never reached the wiki is reported unconfirmed, never as done",
      async () => {
        const lost: typeof fetch = async (input, init) => {
          if (typeof init?.body === "string" && init.body.includes("CreatePage")) {
            throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
          }
          return fetch(input, init);
        };
        await expect(
          client("full", { fetch: lost, confirmDelaysMs: [0] }).createPage({
            path: page("never-sent"),
            locale: "en",
            title: "Never",
            content: "x",
          }),
        ).rejects.toMatchObject({ code: "wiki-write-unconfirmed" });
        expect(await client().getPageByPath(page("never-sent"), "en")).toBeUndefined();
      },
      t,
    );

    it(
      "creates at the same time are all created, whatever the page-tree job answers",
      async () => {
        await target().slowWrites(true);
        let results;
        try {
          results = await Promise.all(["a", "b", "c"].map((n) => create(`together-${n}`)));
        } finally {
          await target().slowWrites(false);
        }
        for (const result of results) {
          expect(result.succeeded).toBe(true);
          if (result.warning) {
            expect(result.warning).toMatch(/rebuild-tree/);
            expect(result.warning).not.toMatch(/insert into/);
          }
        }
        for (const n of ["a", "b", "c"]) expect((await readBack(`together-${n}`)).content).toMatch(/Body of/);
      },
      t,
    );
  });

  describe("wiki contract: keys and rights", () => {
    it(
      "a revoked key is wiki-key-revoked; an expired key is refused before sending, and the wiki says Unauthorized",
      async () => {
        await expect(client("revoked").listPages()).rejects.toMatchObject({ code: "wiki-key-revoked" });
        await expect(client("expired").listPages()).rejects.toMatchObject({ code: "wiki-token-expired" });
        const answer = await raw("expired", "{ pages { list { id } } }");
        expect(answer.status).toBe(200);
        expect(answer.body.errors[0].message).toBe("Unauthorized");
      },
      t,
    );

    it(
      "a bad signature runs as a guest: it can list, and the probe names the guest fallback",
      async () => {
        const [head, body] = target().keys.full.split(".");
        writeFileSync(join(tokenDir, "forged"), `${head}.${body}.${"A".repeat(43)}`, { mode: 0o600 });
        const forged = createWikiClient({ baseUrl: target().baseUrl, tokenFile: join(tokenDir, "forged") });
        expect((await forged.listPages()).length).toBeGreaterThan(0);
        await expect(forged.probe()).rejects.toMatchObject({ code: "wiki-guest-fallback" });
      },
      t,
    );

    it(
      "a read-only key cannot read a page by id (6013) and is told apart from a working key",
      async () => {
        const id = (await readBack("listed")).id;
        await expect(client("readOnly").getPage(id)).rejects.toMatchObject({
          code: "wiki-needs-manage-pages",
        });
        await expect(client("readOnly").probe()).rejects.toMatchObject({ code: "wiki-guest-fallback" });
        await expect(client().probe()).resolves.toMatchObject({ authenticated: true, canReadContent: true });
      },
      t,
    );

    it(
      "a create refused by page rules answers errorCode 6010, and nothing is created",
      async () => {
        const result = await client("denied").createPage({
          path: "denied/page",
          locale: "en",
          title: "Denied",
          content: "x",
        });
        expect(result).toMatchObject({ succeeded: false, errorCode: 6010, confirmedBy: "answer" });
        expect(await client().getPageByPath("denied/page", "en")).toBeUndefined();
      },
      t,
    );

    it(
      "API access switched off is wiki-api-disabled",
      async () => {
        await target().setApiEnabled(false);
        try {
          await expect(client().listPages()).rejects.toMatchObject({ code: "wiki-api-disabled" });
        } finally {
          await target().setApiEnabled(true);
        }
        expect((await client().listPages()).length).toBeGreaterThan(0);
      },
      t,
    );
  });
}
