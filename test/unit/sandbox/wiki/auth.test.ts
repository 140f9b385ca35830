import { afterEach, describe, expect, it } from "vitest";
import { CREATE, createVars, startWiki, type WikiHarness } from "./helpers.js";

const LIST = "{ pages { list { id path } } }";
const SEARCH = `{ pages { search(query: "") { results { id path } totalHits } } }`;
const SINGLE = "query ($id: Int!) { pages { single(id: $id) { id title content } } }";

let h: WikiHarness;
afterEach(async () => {
  await h?.close();
});

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
}

describe("sandbox wiki: API keys", () => {
  it("issues HS256 JWTs with the Wiki.js claims", async () => {
    h = await startWiki({ now: () => 1_800_000_000_000 });
    const parts = h.admin.split(".");
    expect(parts).toHaveLength(3);
    expect(h.admin.startsWith("eyJ")).toBe(true);
    expect(JSON.parse(Buffer.from(parts[0]!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    const claims = decode(h.admin);
    expect(claims).toMatchObject({ aud: "urn:wiki.js", iss: "urn:wiki.js", iat: 1_800_000_000 });
    expect(Object.keys(claims).sort()).toEqual(["api", "aud", "exp", "grp", "iat", "iss"]);
    expect(claims.exp).toBeGreaterThan(1_800_000_000);
  });

  it("a full-access key reads single pages with content", async () => {
    h = await startWiki();
    const answer = await h.gql(SINGLE, { id: 1 }, h.admin);
    expect(answer.status).toBe(200);
    expect(answer.json.data.pages.single).toMatchObject({
      id: 1,
      title: "Install Guide",
      content: "# Install\nRun the installer.",
    });
  });
});

describe("sandbox wiki: guest fallback", () => {
  const badTokens = (admin: string) => ({
    missing: undefined,
    truncated: admin.slice(0, admin.length - 20),
    bogus: "not-a-jwt",
    "badly signed": `${admin.split(".").slice(0, 2).join(".")}.${Buffer.from("x".repeat(32)).toString("base64url")}`,
  });

  it.each(["missing", "truncated", "bogus", "badly signed"] as const)(
    "%s token runs as Guest",
    async (kind) => {
      h = await startWiki();
      const token = badTokens(h.admin)[kind];
      const list = await h.gql(LIST, {}, token);
      expect(list.status).toBe(200);
      expect(list.json.data.pages.list).toHaveLength(5);
      const search = await h.gql(SEARCH, {}, token);
      expect(search.json.data.pages.search.totalHits).toBe(4);
      const single = await h.gql(SINGLE, { id: 1 }, token);
      expect(single.status).toBe(200);
      expect(single.json.data.pages.single).toBeNull();
      expect(single.json.errors[0]).toMatchObject({
        message: "You are not authorized to view this page.",
        path: ["pages", "single"],
        extensions: { code: "INTERNAL_SERVER_ERROR", exception: { code: 6013 } },
      });
      const create = await h.gql(CREATE, createVars(), token);
      expect(create.status).toBe(200);
      expect(create.json.data.pages.create).toBeNull();
      expect(create.json.errors[0].message).toBe("Forbidden");
      expect(h.wiki.pageCount()).toBe(5);
    },
  );

  it("a token signed with another secret runs as Guest", async () => {
    h = await startWiki({ secret: "one" });
    const other = await startWiki({ secret: "two" });
    try {
      const single = await h.gql(SINGLE, { id: 1 }, other.admin);
      expect(single.json.errors[0].extensions.exception.code).toBe(6013);
    } finally {
      await other.close();
    }
  });

  it("an unknown page id is 6003 even for Guest", async () => {
    h = await startWiki();
    const single = await h.gql(SINGLE, { id: 999 });
    expect(single.json.errors[0]).toMatchObject({
      message: "This page does not exist.",
      extensions: { exception: { code: 6003 } },
    });
  });
});

describe("sandbox wiki: rejected keys", () => {
  it("a revoked key is HTTP 500 with the Wiki.js body", async () => {
    h = await startWiki();
    const key = h.wiki.issueKey();
    expect((await h.gql(LIST, {}, key)).status).toBe(200);
    h.wiki.revokeKey(key);
    const answer = await h.gql(LIST, {}, key);
    expect(answer.status).toBe(500);
    expect(answer.text).toBe(
      '{"data":{},"errors":[{"message":"API Key is invalid or was revoked.","path":[]}]}',
    );
    expect((await h.gql(LIST, {}, h.admin)).status).toBe(200);
  });

  it("API access switched off is HTTP 500 for keys, Guest still works", async () => {
    h = await startWiki();
    h.wiki.setApiEnabled(false);
    const answer = await h.gql(LIST, {}, h.admin);
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({
      data: {},
      errors: [
        { message: "API is disabled. You must enable it from the Administration Area first.", path: [] },
      ],
    });
    expect((await h.gql(LIST)).status).toBe(200);
    h.wiki.setApiEnabled(true);
    expect((await h.gql(LIST, {}, h.admin)).status).toBe(200);
  });

  it("a key expired less than 14 days ago: HTTP 200, every field Unauthorized and null", async () => {
    h = await startWiki();
    const key = h.wiki.issueKey({ expiredSecondsAgo: 3 * 24 * 3600 });
    const single = await h.gql(SINGLE, { id: 1 }, key);
    expect(single.status).toBe(200);
    expect(single.json.data).toEqual({ pages: { single: null } });
    expect(single.json.errors[0]).toMatchObject({ message: "Unauthorized", path: ["pages", "single"] });
    const list = await h.gql(LIST, {}, key);
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual({ pages: null });
    expect(list.json.errors[0].message).toBe("Unauthorized");
    const create = await h.gql(CREATE, createVars(), key);
    expect(create.json.data.pages.create).toBeNull();
    expect(create.json.errors[0].message).toBe("Unauthorized");
  });

  it("a key expired more than 14 days ago runs as Guest", async () => {
    h = await startWiki();
    const key = h.wiki.issueKey({ expiredSecondsAgo: 15 * 24 * 3600 });
    const list = await h.gql(LIST, {}, key);
    expect(list.json.data.pages.list).toHaveLength(5);
    const single = await h.gql(SINGLE, { id: 1 }, key);
    expect(single.json.errors[0].extensions.exception.code).toBe(6013);
  });

  it("a key expires with the injected clock", async () => {
    let clock = 1_800_000_000_000;
    h = await startWiki({ now: () => clock });
    const key = h.wiki.issueKey({ expiresInSeconds: 60 });
    expect((await h.gql(SINGLE, { id: 1 }, key)).json.data.pages.single.id).toBe(1);
    clock += 61_000;
    expect((await h.gql(SINGLE, { id: 1 }, key)).json.errors[0].message).toBe("Unauthorized");
  });
});

describe("sandbox wiki: limited keys", () => {
  it("a read-only key lists and searches but gets 6013 from single and Forbidden on create", async () => {
    h = await startWiki();
    const key = h.wiki.issueKey({ fullAccess: false });
    expect((await h.gql(LIST, {}, key)).json.data.pages.list).toHaveLength(5);
    expect((await h.gql(SEARCH, {}, key)).json.data.pages.search.totalHits).toBe(4);
    const single = await h.gql(SINGLE, { id: 1 }, key);
    expect(single.json.errors[0].extensions.exception.code).toBe(6013);
    const create = await h.gql(CREATE, createVars(), key);
    expect(create.json.errors[0].message).toBe("Forbidden");
  });

  it("a write key denied on a path prefix gets 6010 (create, as Wiki.js 2.5 answers) / 6009 / 6013 there", async () => {
    h = await startWiki();
    const key = h.wiki.issueKey({ deniedPaths: ["guides/"] });
    const create = await h.gql(CREATE, createVars({ path: "guides/new" }), key);
    expect(create.json.data.pages.create).toEqual({
      responseResult: {
        succeeded: false,
        errorCode: 6010,
        slug: "PageDeleteForbidden",
        message: "You are not authorized to delete this page.",
      },
      page: null,
    });
    const update = await h.gql(
      'mutation { pages { update(id: 1, content: "x", tags: []) { responseResult { succeeded errorCode slug } } } }',
      {},
      key,
    );
    expect(update.json.data.pages.update.responseResult).toEqual({
      succeeded: false,
      errorCode: 6009,
      slug: "PageUpdateForbidden",
    });
    expect((await h.gql(SINGLE, { id: 1 }, key)).json.errors[0].extensions.exception.code).toBe(6013);
    const list = await h.gql(LIST, {}, key);
    expect(list.json.data.pages.list.map((p: { path: string }) => p.path)).not.toContain("guides/install");
    expect(
      (await h.gql(CREATE, createVars({ path: "elsewhere" }), key)).json.data.pages.create.responseResult
        .succeeded,
    ).toBe(true);
  });
});
