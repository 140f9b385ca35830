import type { ModelConfig } from "../config/model-schema.js";
import type { Settings } from "../config/settings.js";
import type { Metrics } from "../http/metrics.js";
import { createModelMetrics } from "../http/model-metrics.js";
import { createSpeechMetrics } from "../http/speech-metrics.js";
import type { SpeechMeter } from "../models/speech-meter.js";
import type { Logger } from "../log/logger.js";
import type { ModelClient } from "../models/model-client.js";
import type { Transcriber } from "../models/transcription-client.js";
import { meters, type ModelMeter } from "../models/model-meter.js";
import { createModelClients, type ModelClients, type ModelStatus } from "../models/model-registry.js";
import { createModelUsageLog, type ModelUsageLog } from "../state/model-usage-log.js";
import { stateWriteFailed } from "./state-write-errors.js";

/** The model clients in force: rebuilt from each gateway.json applied (start and reload). */
export interface ModelsInForce {
  get(name: string): ModelClient | undefined;
  /** The speech-to-text server of a `models` entry (`agents.<id>.speechToText`). */
  transcriber(name: string): Transcriber | undefined;
  /** Each model in force with its state, for /status. */
  list(): ModelStatus[];
  /** Builds the clients of `models` (and MODEL_URL's); a model whose key file fails is logged and left out. */
  apply(models: Record<string, ModelConfig>, configDir: string): Promise<void>;
  /** Where voice notes are counted: /metrics and the usage log. */
  speech: SpeechMeter;
  /** Writes the usage records still queued (on stop). */
  flush(): Promise<void>;
}

/**
 * The model clients, counting each call in /metrics and in the model usage log (`usageFile`, read
 * by `report`, so the figures outlive a restart); prompts are logged only under MODEL_LOG_PROMPTS.
 */
export function wireModels(
  settings: Settings,
  logger: Logger,
  metrics: Metrics,
  usageFile: string,
): ModelsInForce {
  const log = logger.child({ component: "model" });
  const usage = createModelUsageLog({
    file: usageFile,
    onError: stateWriteFailed(
      metrics,
      log,
      "models",
      "the model usage log cannot be written; `report` misses these calls",
    ),
  });
  const meter = meters(createModelMetrics(metrics.registry), usageMeter(usage));
  const speechMetrics = createSpeechMetrics(metrics.registry);
  const speech: SpeechMeter = {
    transcribed(r) {
      speechMetrics.transcribed(r);
      // Only what reached a server costs: a voice note refused before is in the metrics alone.
      if (r.model !== undefined && r.outcome !== "refused" && r.outcome !== "too_long")
        usage.append({
          kind: "transcription",
          model: r.model,
          agent: r.agent,
          account: r.account,
          purpose: "transcribe",
          outcome: r.outcome,
          prompt: 0,
          completion: 0,
          seconds: r.seconds,
        });
    },
  };
  let current: ModelClients = {
    get: () => undefined,
    transcriber: () => undefined,
    list: () => [],
    problems: [],
  };
  return {
    get: (name) => current.get(name),
    transcriber: (name) => current.transcriber(name),
    list: () => current.list(),
    async apply(models, configDir) {
      const next = await createModelClients({
        models,
        configDir,
        modelUrl: settings.modelUrl,
        modelId: settings.modelId,
        meter,
        ...(settings.modelLogPrompts ? { promptLogger: log } : {}),
      });
      for (const { name, error } of next.problems)
        log.error({ model: name, code: error.code, remedy: error.remedy }, error.message);
      current = next;
    },
    speech,
    flush: () => usage.flush(),
  };
}

/** The usage log as a meter: one line per call and per discarded reply. */
function usageMeter(usage: ModelUsageLog): ModelMeter {
  return {
    call: (r) =>
      usage.append({
        kind: "call",
        model: r.model,
        agent: r.agent,
        account: r.account,
        purpose: r.purpose,
        outcome: r.outcome,
        prompt: Math.round(r.usage?.prompt ?? 0),
        completion: Math.round(r.usage?.completion ?? 0),
      }),
    discarded: (r) =>
      usage.append({
        kind: "discarded",
        model: r.model,
        agent: r.agent,
        account: r.account,
        purpose: r.purpose,
        outcome: r.code,
        prompt: 0,
        completion: 0,
      }),
  };
}
