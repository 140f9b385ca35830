import type { ModelConfig } from "../config/model-schema.js";
import type { Settings } from "../config/settings.js";
import type { Metrics } from "../http/metrics.js";
import { createModelMetrics } from "../http/model-metrics.js";
import type { Logger } from "../log/logger.js";
import type { ModelClient } from "../models/model-client.js";
import { createModelClients, type ModelClients, type ModelStatus } from "../models/model-registry.js";

/** The model clients in force: rebuilt from each gateway.json applied (start and reload). */
export interface ModelsInForce {
  get(name: string): ModelClient | undefined;
  /** Each model in force with its state, for /status. */
  list(): ModelStatus[];
  /** Builds the clients of `models` (and MODEL_URL's); a model whose key file fails is logged and left out. */
  apply(models: Record<string, ModelConfig>, configDir: string): Promise<void>;
}

export function wireModels(settings: Settings, logger: Logger, metrics: Metrics): ModelsInForce {
  const meter = createModelMetrics(metrics.registry);
  const log = logger.child({ component: "model" });
  let current: ModelClients = { get: () => undefined, list: () => [], problems: [] };
  return {
    get: (name) => current.get(name),
    list: () => current.list(),
    async apply(models, configDir) {
      const next = await createModelClients({
        models,
        configDir,
        modelUrl: settings.modelUrl,
        modelId: settings.modelId,
        meter,
      });
      for (const { name, error } of next.problems)
        log.error({ model: name, code: error.code, remedy: error.remedy }, error.message);
      current = next;
    },
  };
}
