import type { ModelConfig } from "../config/model-schema.js";
import type { Fetch } from "./chat-request.js";
import { createModelClient, type ModelClient, type ModelState } from "./model-client.js";
import type { ModelError } from "./model-error.js";
import { readModelSettings } from "./model-from-config.js";
import type { Logger } from "../log/logger.js";
import type { ModelMeter } from "./model-meter.js";
import { createPromptLog } from "./prompt-log.js";
import { createTranscriber, type Transcriber } from "./transcription-client.js";

/** The model clients of one gateway.json load (and MODEL_URL's), by name. */
export interface ModelStatus extends ModelState {
  name: string;
  model: string;
}

export interface ModelClients {
  get(name: string): ModelClient | undefined;
  /** The same entry as a speech-to-text server (`agents.<id>.speechToText`). */
  transcriber(name: string): Transcriber | undefined;
  list(): ModelStatus[];
  /** Models left out because their key file could not be read (their agents answer without a model). */
  problems: Array<{ name: string; error: ModelError }>;
}

export async function createModelClients(o: {
  models: Record<string, ModelConfig>;
  configDir: string;
  modelUrl: string;
  modelId: string;
  meter?: ModelMeter;
  /** Given (MODEL_LOG_PROMPTS), each call's prompt and reply are logged here, redacted. */
  promptLogger?: Logger;
  fetch?: Fetch;
  now?: () => number;
}): Promise<ModelClients> {
  const read = await readModelSettings(o.models, o.configDir, { url: o.modelUrl, modelId: o.modelId });
  const clients = new Map<string, ModelClient>();
  const transcribers = new Map<string, Transcriber>();
  const problems: ModelClients["problems"] = [];
  for (const entry of read) {
    if ("error" in entry) problems.push(entry);
    else {
      transcribers.set(
        entry.name,
        createTranscriber({ settings: entry.settings, ...(o.fetch ? { fetch: o.fetch } : {}) }),
      );
      clients.set(
        entry.name,
        createModelClient({
          settings: entry.settings,
          ...(o.meter ? { meter: o.meter } : {}),
          ...(o.promptLogger
            ? {
                prompts: createPromptLog(
                  o.promptLogger,
                  entry.settings.apiKey ? [entry.settings.apiKey] : [],
                ),
              }
            : {}),
          ...(o.fetch ? { fetch: o.fetch } : {}),
          ...(o.now ? { now: o.now } : {}),
        }),
      );
    }
  }
  return {
    get: (name) => clients.get(name),
    transcriber: (name) => transcribers.get(name),
    list: () => [...clients.values()].map((c) => ({ name: c.name, model: c.model, ...c.state() })),
    problems,
  };
}
