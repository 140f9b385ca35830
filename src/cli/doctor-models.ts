import { dirname } from "node:path";
import type { ModelConfig } from "../config/model-schema.js";
import type { Settings } from "../config/settings.js";
import type { Check } from "../core/check-result.js";
import { diagnoseModel } from "../models/diagnose-model.js";
import { readModelSettings } from "../models/model-from-config.js";

/** `doctor`'s model checks: every `models` entry of gateway.json, and MODEL_URL when set. */
export async function diagnoseModels(
  settings: Settings,
  models: Record<string, ModelConfig>,
  configPath: string | undefined,
): Promise<Check[]> {
  const read = await readModelSettings(models, dirname(configPath ?? settings.configPath), {
    url: settings.modelUrl,
    modelId: settings.modelId,
  });
  const checks = await Promise.all(
    read.map(async (entry): Promise<Check[]> => {
      if ("error" in entry)
        return [
          {
            subject: `model ${entry.name}`,
            check: "key file",
            status: "fail",
            detail: entry.error.message,
            fix: entry.error.remedy,
          },
        ];
      return diagnoseModel(entry.settings);
    }),
  );
  return checks.flat();
}
