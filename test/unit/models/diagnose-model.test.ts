import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSandboxModel } from "../../../packages/sandbox/src/model/index.js";
import { diagnoseModel } from "../../../src/models/diagnose-model.js";
import { MODEL_DEFAULTS, type ModelSettings } from "../../../src/models/model-settings.js";

const server = createSandboxModel({ apiKey: "k", models: ["m1"] });
let baseUrl = "";
beforeAll(async () => {
  baseUrl = await server.listen();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const settings = (o: Partial<ModelSettings> = {}): ModelSettings => ({
  name: "local",
  baseUrl,
  model: "m1",
  apiKey: "k",
  ...MODEL_DEFAULTS,
  timeoutMs: 2000,
  dailyTokenBudget: undefined,
  ...o,
});

const summary = (checks: Awaited<ReturnType<typeof diagnoseModel>>) =>
  checks.map(
    (c) => `${c.check}:${c.status}${c.status === "fail" ? ` ${c.detail.split(":")[0]} → ${c.fix}` : ""}`,
  );

describe("doctor's model checks", () => {
  it("passes a server that lists the model and answers a one-token probe", async () => {
    server.setDefault({ content: "ok" });
    expect(summary(await diagnoseModel(settings()))).toEqual([
      "reachable:ok",
      "lists the model:ok",
      "one-token probe:ok",
    ]);
    expect(server.received()[0]!.maxTokens).toBe(1);
  });

  it("names the remedy for 401 (the key file), 404 (the model name), a timeout and an unreachable server", async () => {
    const [unauthorized] = await diagnoseModel(settings({ apiKey: "wrong" }));
    expect(unauthorized!.detail).toMatch(/^model-unauthorized/);
    expect(unauthorized!.fix).toContain("apiKeyFile");
    const listed = await diagnoseModel(settings({ model: "m2" }));
    expect(listed[1]).toMatchObject({ check: "lists the model", status: "fail" });
    expect(listed[1]!.fix).toContain("ids listed");
    server.setDefault({ content: "late", delayMs: 1000 });
    const slow = await diagnoseModel(settings({ timeoutMs: 300 }));
    expect(slow[2]!.detail).toMatch(/^model-timeout/);
    expect(slow[2]!.fix).toContain("timeoutMs");
    const down = await diagnoseModel(settings({ baseUrl: "http://127.0.0.1:9/v1" }));
    expect(down[0]!.detail).toMatch(/^model-unreachable/);
  });

  it("says 404 for a wrong baseUrl path", async () => {
    const [wrongPath] = await diagnoseModel(settings({ baseUrl: baseUrl.replace(/\/v1$/, "/api") }));
    expect(wrongPath!.detail).toMatch(/^model-not-found/);
    expect(wrongPath!.fix).toContain("baseUrl");
  });
});
