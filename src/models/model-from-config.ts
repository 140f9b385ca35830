import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { ModelConfig, ModelUse } from "../config/model-schema.js";
import { ModelError } from "./model-error.js";
import { MODEL_DEFAULTS, type ModelSettings, QUEUE_PER_SLOT } from "./model-settings.js";

/** The name of the model `--model-url` / MODEL_URL stands for. */
export const MODEL_URL_NAME = "model-url";

/**
 * `models.<name>` of gateway.json as the client takes it, with its API key read from apiKeyFile
 * (relative to gateway.json's folder). Throws ModelError `model-key-file` when the file cannot be
 * read or is empty; the error never holds the key.
 */
export async function modelSettingsFrom(
  name: string,
  config: ModelConfig,
  configDir: string,
): Promise<ModelSettings> {
  return {
    name,
    baseUrl: config.baseUrl,
    model: config.model,
    apiKey:
      config.apiKeyFile === undefined ? undefined : await readKey(resolve(configDir, config.apiKeyFile)),
    timeoutMs: config.timeoutMs,
    maxOutputTokens: config.maxOutputTokens,
    concurrency: config.concurrency,
    queueLimit: config.concurrency * QUEUE_PER_SLOT,
    dailyTokenBudget: config.dailyTokenBudget,
    maxRetryAfterMs: config.maxRetryAfterMs,
  };
}

/** The model MODEL_URL (`--model-url`) names, with MODEL_ID or, when empty, the server's first. */
export function modelUrlSettings(url: string, modelId: string): ModelSettings {
  const trimmed = url.replace(/\/+$/, "");
  return {
    name: MODEL_URL_NAME,
    baseUrl: /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`,
    model: modelId,
    apiKey: undefined,
    ...MODEL_DEFAULTS,
    dailyTokenBudget: undefined,
  };
}

async function readKey(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? "unreadable";
    throw new ModelError("model-key-file", `the model's key file ${path} cannot be read (${code})`);
  }
  const key = text.trim();
  if (key === "") throw new ModelError("model-key-file", `the model's key file ${path} is empty`);
  return key;
}

/** What an agent does with a model: its `model` (or MODEL_URL's when it names none) and `modelUse`. */
export interface AgentModelChoice {
  model: string | undefined;
  use: ModelUse;
}

export function agentModelChoice(
  agent: { model?: string | undefined; modelUse?: ModelUse | undefined } | undefined,
  modelUrlSet: boolean,
): AgentModelChoice {
  const model = agent?.model ?? (modelUrlSet ? MODEL_URL_NAME : undefined);
  if (model === undefined) return { model: undefined, use: "off" };
  return { model, use: agent?.modelUse ?? "answer" };
}

/** Each model gateway.json names, then MODEL_URL's when set: its settings, or why they cannot be read. */
export async function readModelSettings(
  models: Record<string, ModelConfig>,
  configDir: string,
  modelUrl: { url: string; modelId: string },
): Promise<Array<{ name: string; settings: ModelSettings } | { name: string; error: ModelError }>> {
  const read = await Promise.all(
    Object.entries(models).map(async ([name, config]) => {
      try {
        return { name, settings: await modelSettingsFrom(name, config, configDir) };
      } catch (error) {
        if (error instanceof ModelError) return { name, error };
        throw error;
      }
    }),
  );
  if (modelUrl.url !== "")
    read.push({ name: MODEL_URL_NAME, settings: modelUrlSettings(modelUrl.url, modelUrl.modelId) });
  return read;
}
