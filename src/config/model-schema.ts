import { z } from "zod";
import { FIELD_DOCS } from "./field-docs.js";

/** A model's name in `models` and in `agents.<id>.model`. */
export const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

const DOCS = FIELD_DOCS.model;

/**
 * One OpenAI-compatible endpoint, `models.<name>` (docs/models.md). The key is read from
 * `apiKeyFile`, never written inline. Defaults agree with src/models/model-settings.ts.
 */
export const modelSchema = z.strictObject({
  baseUrl: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .refine((url) => /\/v1\/?$/.test(url), {
      error: "must be the OpenAI-compatible root, ending in /v1",
      params: { fix: 'e.g. "http://127.0.0.1:11434/v1" (Ollama), "http://127.0.0.1:8000/v1" (vLLM)' },
    })
    .transform((url) => url.replace(/\/+$/, ""))
    .describe(DOCS.baseUrl),
  model: z.string().min(1).describe(DOCS.model),
  apiKeyFile: z.string().min(1).optional().describe(DOCS.apiKeyFile),
  timeoutMs: z.number().int().min(100).max(600_000).default(15_000).describe(DOCS.timeoutMs),
  maxOutputTokens: z.number().int().min(16).max(32_768).default(400).describe(DOCS.maxOutputTokens),
  concurrency: z.number().int().min(1).max(256).default(4).describe(DOCS.concurrency),
  dailyTokenBudget: z.number().int().min(1).optional().describe(DOCS.dailyTokenBudget),
  maxRetryAfterMs: z.number().int().min(0).max(86_400_000).default(600_000).describe(DOCS.maxRetryAfterMs),
  images: z.boolean().optional().meta({ description: DOCS.images, default: false }),
});

/** The defaults of an agent's voice limits (`voiceMaxSeconds`, `voiceMaxMegabytes`, `voicePerUserPerHour`). */
export const VOICE_DEFAULTS = { maxSeconds: 300, maxMegabytes: 20, perUserPerHour: 30 } as const;

export const modelsSchema = z
  .record(z.string().meta({ pattern: MODEL_NAME.source }), modelSchema)
  .default({})
  .meta({ description: FIELD_DOCS.root.models, default: {} })
  .superRefine((models, ctx) => {
    for (const name of Object.keys(models)) {
      if (MODEL_NAME.test(name)) continue;
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `"${name}" is not a model name`,
        params: { fix: "use letters, digits, '.', '_' or '-', e.g. \"local\"" },
      });
    }
  });

export const MODEL_USES = ["off", "rewrite", "answer"] as const;
export type ModelUse = (typeof MODEL_USES)[number];

export type ModelConfig = z.output<typeof modelSchema>;
