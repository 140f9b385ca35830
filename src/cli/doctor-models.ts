import { dirname } from "node:path";
import type { ModelConfig } from "../config/model-schema.js";
import type { Settings } from "../config/settings.js";
import type { Check } from "../core/check-result.js";
import { diagnoseModel } from "../models/diagnose-model.js";
import { readModelSettings } from "../models/model-from-config.js";

/** The `models` entries agents name only as `speechToText`, never as `model`. */
export function speechOnlyModels(
  agents: Record<string, { model?: string | undefined; speechToText?: string | undefined }>,
): Set<string> {
  const chat = new Set(Object.values(agents).flatMap((a) => (a.model === undefined ? [] : [a.model])));
  return new Set(
    Object.values(agents).flatMap((a) =>
      a.speechToText === undefined || chat.has(a.speechToText) ? [] : [a.speechToText],
    ),
  );
}

/**
 * `doctor`'s model checks: every `models` entry of gateway.json, and MODEL_URL when set. An entry
 * only agents' `speechToText` names is a speech server, which has no chat completion to probe:
 * its key file is read, and it is said so.
 */
export async function diagnoseModels(
  settings: Settings,
  models: Record<string, ModelConfig>,
  configPath: string | undefined,
  speechOnly: ReadonlySet<string> = new Set(),
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
      if (speechOnly.has(entry.name))
        return [
          {
            subject: `model ${entry.name}`,
            check: "speech server",
            status: "ok",
            detail: "used only for speechToText: POST {baseUrl}/audio/transcriptions is not probed",
          },
        ];
      return diagnoseModel(entry.settings);
    }),
  );
  return checks.flat();
}
