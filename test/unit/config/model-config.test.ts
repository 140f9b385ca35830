import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateGatewayConfig } from "../../../src/config/validate.js";
import { loadSettings } from "../../../src/config/settings.js";
import {
  agentModelChoice,
  modelSettingsFrom,
  modelUrlSettings,
} from "../../../src/models/model-from-config.js";

function base(): Record<string, any> {
  return {
    defaultAccount: "default",
    accounts: { default: { botToken: "123456789:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkS1" } },
    bindings: [{ agentId: "main", match: { channel: "telegram", accountId: "default" } }],
    agents: { main: { model: "local" } },
    models: { local: { baseUrl: "http://127.0.0.1:11434/v1", model: "qwen3:8b" } },
  };
}

const problems = (config: unknown) => {
  const result = validateGatewayConfig(config);
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message} | ${p.fix}`);
};

describe("models in gateway.json", () => {
  it("accepts a model with the defaults filled in", () => {
    const result = validateGatewayConfig(base());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.models.local).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "qwen3:8b",
      timeoutMs: 15_000,
      maxOutputTokens: 400,
      concurrency: 4,
      maxRetryAfterMs: 600_000,
    });
  });

  it.each([
    [
      "a baseUrl not ending in /v1",
      (c: any) => (c.models.local.baseUrl = "http://127.0.0.1:11434"),
      "models.local.baseUrl",
    ],
    ["an inline key", (c: any) => (c.models.local.apiKey = "sk-123"), 'unknown key "apiKey"'],
    [
      "an agent naming a model not in models",
      (c: any) => (c.agents.main.model = "remote"),
      'names the model "remote"',
    ],
    [
      "modelUse without a model",
      (c: any) => (c.agents.main = { modelUse: "answer" }),
      'is "answer" but the agent has no model',
    ],
    ["an unknown modelUse", (c: any) => (c.agents.main.modelUse = "chat"), "agents.main.modelUse"],
    [
      "an editors' digest sent by an account not in accounts",
      (c: any) => (c.agents.main.unanswered = { digest: { account: "nobody", chatId: -100123 } }),
      'agents.main.unanswered.digest.account: names the account "nobody"',
    ],
    [
      "a bad model name",
      (c: any) => (c.models["bad name"] = c.models.local),
      '"bad name" is not a model name',
    ],
  ])("refuses %s, saying what to change", (_name, patch, expected) => {
    const config = base();
    patch(config);
    const found = problems(config);
    expect(found.join("\n")).toContain(expected);
    expect(found.every((p) => p.split(" | ")[1]!.length > 0)).toBe(true);
  });

  it("suggests the near key for a typo", () => {
    const config = base();
    config.models.local.timeoutMS = 5;
    expect(problems(config).join("\n")).toContain('did you mean "timeoutMs"?');
  });
});

describe("model settings", () => {
  const dir = mkdtempSync(join(tmpdir(), "model-config-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the key from apiKeyFile relative to gateway.json, and names a missing or empty file without the key", async () => {
    writeFileSync(join(dir, "key"), "sk-secret\n");
    const config = {
      baseUrl: "http://h/v1",
      model: "m",
      timeoutMs: 100,
      maxOutputTokens: 16,
      concurrency: 2,
      maxRetryAfterMs: 600_000,
    };
    const settings = await modelSettingsFrom("x", { ...config, apiKeyFile: "key" }, dir);
    expect(settings.apiKey).toBe("sk-secret");
    expect(settings.queueLimit).toBe(16);
    await expect(modelSettingsFrom("x", { ...config, apiKeyFile: "nope" }, dir)).rejects.toMatchObject({
      code: "model-key-file",
    });
    writeFileSync(join(dir, "empty"), "\n");
    await expect(modelSettingsFrom("x", { ...config, apiKeyFile: "empty" }, dir)).rejects.toMatchObject({
      code: "model-key-file",
    });
  });

  it("MODEL_URL / --model-url gives every agent without a model one, modelUse answer by default", () => {
    expect(loadSettings(["--model-url", "http://127.0.0.1:8080"], {}).modelUrl).toBe("http://127.0.0.1:8080");
    expect(loadSettings([], { MODEL_URL: "http://127.0.0.1:8080/v1" }).modelUrl).toBe(
      "http://127.0.0.1:8080/v1",
    );
    expect(() => loadSettings(["--model-url", "ftp://x"], {})).toThrow(/process setting/);
    expect(modelUrlSettings("http://127.0.0.1:8080", "").baseUrl).toBe("http://127.0.0.1:8080/v1");
    expect(agentModelChoice(undefined, false)).toEqual({ model: undefined, use: "off" });
    expect(agentModelChoice(undefined, true)).toEqual({ model: "model-url", use: "answer" });
    expect(agentModelChoice({ model: "local", modelUse: "rewrite" }, true)).toEqual({
      model: "local",
      use: "rewrite",
    });
    expect(agentModelChoice({ modelUse: "off" }, true)).toEqual({ model: "model-url", use: "off" });
  });
});
