import { buildSchema, parse, validate } from "graphql";
import { afterEach, describe, expect, it } from "vitest";
import { readAnswer, startWiki, type WikiHarness } from "./helpers.js";

let h: WikiHarness;
afterEach(async () => {
  await h?.close();
});

function post(
  path: string,
  body: string,
  headers: Record<string, string> = { "content-type": "application/json" },
) {
  return fetch(`${h.base}${path}`, {
    method: "POST",
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  }).then(readAnswer);
}

describe("sandbox wiki: endpoint and error shapes", () => {
  it("answers on /graphql/ and GET ?query= too", async () => {
    h = await startWiki();
    const slash = await post("/graphql/", JSON.stringify({ query: "{ pages { list { id } } }" }));
    expect(slash.json.data.pages.list).toHaveLength(5);
    const get = await fetch(
      `${h.base}/graphql?query=${encodeURIComponent("{ pages { list { id } } }")}`,
    ).then(readAnswer);
    expect(get.status).toBe(200);
    expect(get.json.data.pages.list).toHaveLength(5);
  });

  it("runs batched documents and refuses mutations over GET", async () => {
    h = await startWiki();
    const batch = await post(
      "/graphql",
      JSON.stringify([
        { query: "{ pages { list { id } } }" },
        { query: '{ pages { search(query: "faq") { totalHits } } }' },
        null,
      ]),
    );
    expect(batch.status).toBe(200);
    expect(batch.json[0].data.pages.list).toHaveLength(5);
    expect(batch.json[1].data.pages.search.totalHits).toBe(1);
    expect(batch.json[2].errors).toHaveLength(1);
    const mutation =
      'mutation { pages { update(id: 1, content: "x", tags: []) { responseResult { succeeded } } } }';
    const get = await fetch(`${h.base}/graphql?query=${encodeURIComponent(mutation)}`).then(readAnswer);
    expect(get.status).toBe(405);
  });

  it("a validation error is HTTP 400 GRAPHQL_VALIDATION_FAILED", async () => {
    h = await startWiki();
    const answer = await h.gql(`{ pages { search(query: "x") { id } } }`);
    expect(answer.status).toBe(400);
    expect(answer.json.data).toBeUndefined();
    expect(answer.json.errors[0].message).toBe('Cannot query field "id" on type "PageSearchResponse".');
    expect(answer.json.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("a parse error is HTTP 400 GRAPHQL_PARSE_FAILED", async () => {
    h = await startWiki();
    const answer = await h.gql("{ pages { list { id } ");
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].message).toMatch(/^Syntax Error/);
    expect(answer.json.errors[0].extensions.code).toBe("GRAPHQL_PARSE_FAILED");
  });

  it("malformed JSON is HTTP 400 with an Unexpected token message", async () => {
    h = await startWiki();
    const answer = await post("/graphql", '{"query": }');
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      data: {},
      errors: [{ message: "Unexpected token } in JSON at position 10" }],
    });
    const cut = await post("/graphql", '{"query": "{ pages');
    expect(cut.json.errors[0].message).toBe("Unexpected end of JSON input");
    const word = await post("/graphql", "query { pages }");
    expect(word.json.errors[0].message).toBe("Unexpected token q in JSON at position 0");
    const trailing = await post("/graphql", '{"query": "{ pages { list { id } } }"} x');
    expect(trailing.json.errors[0].message).toBe("Unexpected token x in JSON at position 39");
  });

  it("an empty body or a non-JSON content type is HTTP 500 plain text", async () => {
    h = await startWiki();
    const empty = await post("/graphql", "");
    expect(empty.status).toBe(500);
    expect(empty.json).toBeUndefined();
    expect(empty.text).toContain("POST body missing");
    const text = await post("/graphql", JSON.stringify({ query: "{ pages { list { id } } }" }), {
      "content-type": "text/plain",
    });
    expect(text.status).toBe(500);
    expect(text.json).toBeUndefined();
  });

  it.each(["/api/pages", "/", "/graphqlx"])("POST %s is 404 HTML", async (path) => {
    h = await startWiki();
    const answer = await post(path, JSON.stringify({ query: "{ pages { list { id } } }" }));
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/^<!DOCTYPE html>/);
  });

  it("variables carry user text; missing required variables are HTTP 400", async () => {
    h = await startWiki();
    const q = "query ($q: String!) { pages { search(query: $q) { totalHits } } }";
    expect((await h.gql(q, { q: 'Install" } }' })).json.data.pages.search.totalHits).toBe(0);
    const missing = await h.gql(q, {});
    expect(missing.status).toBe(400);
    expect(missing.json.errors[0].message).toContain("$q");
  });
});

describe("sandbox wiki: controls", () => {
  it("proxy modes answer bare 401 / 403 to every request", async () => {
    h = await startWiki();
    h.wiki.setProxyMode("401");
    const a = await h.gql("{ pages { list { id } } }", {}, h.admin);
    expect(a.status).toBe(401);
    expect(a.text).toContain("401 Authorization Required");
    h.wiki.setProxyMode("403");
    const b = await post("/api/pages", "{}");
    expect(b.status).toBe(403);
    expect(b.text).toContain("403 Forbidden");
    h.wiki.setProxyMode("none");
    expect((await h.gql("{ pages { list { id } } }")).status).toBe(200);
  });

  it("down destroys connections; back up it answers again", async () => {
    h = await startWiki();
    await h.wiki.setDown(true);
    await expect(h.gql("{ pages { list { id } } }")).rejects.toThrow();
    await h.wiki.setDown(false);
    expect((await h.gql("{ pages { list { id } } }")).status).toBe(200);
  });

  it("latency delays every answer", async () => {
    h = await startWiki();
    h.wiki.setLatency(150);
    const started = performance.now();
    await h.gql("{ pages { list { id } } }");
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("a held operation waits until released; other operations still answer", async () => {
    h = await startWiki();
    const release = h.wiki.holdOperation("pages.single");
    let answered = false;
    const single = h.gql(`{ pages { single(id: 1) { path } } }`, {}, h.admin).then((a) => {
      answered = true;
      return a;
    });
    const search = await h.gql(`{ pages { search(query: "install") { totalHits } } }`, {}, h.admin);
    expect(search.json.data.pages.search.totalHits).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false);
    release();
    expect((await single).json.data.pages.single.path).toBe("guides/install");
  });

  it("stats count requests and operations", async () => {
    h = await startWiki();
    await h.gql("{ pages { list { id } } }");
    await h.gql('{ pages { list { id } search(query: "a") { totalHits } } }');
    await h.gql("query ($id: Int!) { pages { single(id: $id) { id } } }", { id: 1 }, h.admin);
    await h.gql(
      'mutation { pages { update(id: 1, content: "x", tags: []) { responseResult { succeeded } } } }',
      {},
      h.admin,
    );
    expect(h.wiki.stats()).toEqual({
      requests: 4,
      byOperation: { "pages.list": 2, "pages.search": 1, "pages.single": 1, "pages.update": 1 },
    });
  });

  it("schemaSdl validates client documents like the server does", async () => {
    h = await startWiki();
    const schema = buildSchema(h.wiki.schemaSdl);
    expect(
      validate(schema, parse('{ pages { search(query: "x") { results { id } suggestions totalHits } } }')),
    ).toEqual([]);
    expect(validate(schema, parse('{ pages { search(query: "x") { id } } }'))).toHaveLength(1);
    expect(schema.getType("PageSearchResult")?.toString()).toBe("PageSearchResult");
  });

  it("close() does not hang with an open keep-alive connection and a slow request", async () => {
    h = await startWiki();
    await h.gql("{ pages { list { id } } }");
    h.wiki.setLatency(5000);
    const pending = h.gql("{ pages { list { id } } }").catch(() => "failed");
    await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    await h.wiki.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBe("failed");
  });
});
