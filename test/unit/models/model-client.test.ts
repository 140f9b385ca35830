import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSandboxModel } from "../../../packages/sandbox/src/model/index.js";
import { createModelClient, type ModelClient } from "../../../src/models/model-client.js";
import type { ModelMeter } from "../../../src/models/model-meter.js";
import { MODEL_DEFAULTS, type ModelSettings } from "../../../src/models/model-settings.js";

const server = createSandboxModel({ apiKey: "secret-key", models: ["m1"] });
let baseUrl = "";
beforeAll(async () => {
  baseUrl = await server.listen();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function client(
  overrides: Partial<ModelSettings> = {},
  extra: { meter?: ModelMeter; now?: () => number } = {},
) {
  return createModelClient({
    settings: {
      name: "main",
      baseUrl,
      model: "m1",
      apiKey: "secret-key",
      ...MODEL_DEFAULTS,
      timeoutMs: 2000,
      dailyTokenBudget: undefined,
      ...overrides,
    },
    ...extra,
  });
}

const ask = (c: ModelClient, extra: Partial<Parameters<ModelClient["complete"]>[0]> = {}) =>
  c.complete({
    purpose: "rewrite",
    agent: "a1",
    account: "bot1",
    messages: [{ role: "user", content: "who owns this domain" }],
    ...extra,
  });

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code,
  );

describe("the model client", () => {
  it("answers with the reply, thinking stripped, and counts tokens per model, agent and account", async () => {
    const counted: string[] = [];
    const meter: ModelMeter = {
      call: (r) =>
        counted.push(
          `${r.model}/${r.agent}/${r.account}/${r.purpose}:${r.outcome} prompt:${r.usage!.prompt > 0} completion:${r.usage!.completion > 0}`,
        ),
      discarded: () => {},
    };
    server.script({ content: "<think>the user wants whois</think>\nwhois domain expiry" });
    const reply = await ask(client({}, { meter }));
    expect(reply.text).toBe("whois domain expiry");
    expect(counted).toEqual(["main/a1/bot1/rewrite:ok prompt:true completion:true"]);
    expect(server.received()[0]!.authorization).toBe("Bearer secret-key");
  });

  it("streams: onText sees the text growing, and the reply is the whole text", async () => {
    server.script({ content: "tac prints the last line first" });
    const seen: string[] = [];
    const reply = await ask(client(), { onText: (t) => seen.push(t) });
    expect(reply.text).toBe("tac prints the last line first");
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toBe("tac prints the last line first");
    expect(server.received()[0]!.stream).toBe(true);
  });

  it("names each failure", async () => {
    const c = client();
    expect(await codeOf(ask(client({ apiKey: "wrong" })))).toBe("model-unauthorized");
    expect(await codeOf(ask(client({ model: "nope" })))).toBe("model-not-found");
    server.script({ status: 500 });
    expect(await codeOf(ask(c))).toBe("model-server-error");
    server.script({ malformed: true });
    expect(await codeOf(ask(c))).toBe("model-malformed-reply");
    server.script({ content: "one two three four five", cutAfter: 2 });
    expect(await codeOf(ask(c, { onText: () => {} }))).toBe("model-stream-cut");
    server.script({ content: "<think>only thinking</think>" });
    expect(await codeOf(ask(c))).toBe("model-empty-reply");
    expect(await codeOf(ask(client({ baseUrl: "http://127.0.0.1:9/v1" })))).toBe("model-unreachable");
  });

  it("gives up after timeoutMs, and a cancelled call says so", async () => {
    server.script({ content: "late", delayMs: 1000 }, { content: "late", delayMs: 1000 });
    const started = Date.now();
    expect(await codeOf(ask(client({ timeoutMs: 100 })))).toBe("model-timeout");
    expect(Date.now() - started).toBeLessThan(600);
    expect(await codeOf(ask(client(), { signal: AbortSignal.timeout(50) }))).toBe("model-cancelled");
  });

  it("honours Retry-After: after a 429, calls are refused at once until the time is up", async () => {
    let clock = 1_000_000;
    const c = client({}, { now: () => clock });
    server.script({ status: 429, retryAfterS: 30 });
    expect(await codeOf(ask(c))).toBe("model-rate-limited");
    server.setDefault({ content: "fine" });
    expect(await codeOf(ask(c))).toBe("model-rate-limited");
    expect(server.received()).toHaveLength(1);
    clock += 31_000;
    expect(await codeOf(ask(c))).toBe("ok");
  });

  it("caps an absurd Retry-After at maxRetryAfterMs, and its state says when the model is tried again", async () => {
    let clock = Date.UTC(2026, 0, 1, 12);
    const c = client({ maxRetryAfterMs: 600_000 }, { now: () => clock });
    expect(c.state().retryAt).toBeNull();
    server.script({ status: 429, retryAfterS: 999_999 });
    expect(await codeOf(ask(c))).toBe("model-rate-limited");
    expect(c.state().retryAt).toBe("2026-01-01T12:10:00.000Z");
    server.setDefault({ content: "fine" });
    clock += 599_000;
    expect(await codeOf(ask(c))).toBe("model-rate-limited");
    clock += 1_000;
    expect(await codeOf(ask(c))).toBe("ok");
    expect(c.state().retryAt).toBeNull();
  });

  it("the open circuit's cooldown is when the model is tried again", async () => {
    const clock = Date.UTC(2026, 0, 1, 12);
    const c = client({}, { now: () => clock });
    server.script({ status: 500, sticky: true });
    for (let i = 0; i < 5; i++) await ask(c).catch(() => {});
    expect(c.state()).toMatchObject({ circuit: "open", retryAt: "2026-01-01T12:00:30.000Z" });
  });

  it("stops at the daily token budget until the next day (UTC)", async () => {
    let clock = Date.UTC(2026, 0, 1, 12);
    const c = client({ dailyTokenBudget: 10 }, { now: () => clock });
    server.setDefault({ content: "a reply long enough to spend the budget" });
    expect(await codeOf(ask(c))).toBe("ok");
    expect(await codeOf(ask(c))).toBe("model-budget-spent");
    clock += 86_400_000;
    expect(await codeOf(ask(c))).toBe("ok");
  });

  it("marks the model down after failures in a row, then tries one call after the cooldown", async () => {
    let clock = 0;
    const c = client({}, { now: () => clock });
    server.script({ status: 500, sticky: true });
    for (let i = 0; i < 5; i++) expect(await codeOf(ask(c))).toBe("model-server-error");
    expect(await codeOf(ask(c))).toBe("model-circuit-open");
    expect(server.received()).toHaveLength(5);
    server.reset();
    server.setDefault({ content: "back" });
    clock += 31_000;
    expect(await codeOf(ask(c))).toBe("ok");
    expect(c.state().circuit).toBe("closed");
  });

  it("bounds concurrency with a capped queue: one beyond it is refused at once", async () => {
    const c = client({ concurrency: 1, queueLimit: 1 });
    server.setDefault({ content: "slow", delayMs: 200 });
    const calls = [ask(c), ask(c), ask(c)].map(codeOf);
    expect(await Promise.all(calls)).toEqual(["ok", "ok", "model-queue-full"]);
  });

  it("lists the server's models", async () => {
    expect(await client().listModels()).toEqual(["m1"]);
    await expect(client({ apiKey: "wrong" }).listModels()).rejects.toMatchObject({
      code: "model-unauthorized",
    });
  });
});
