import { createModelClient, type ModelClient } from "../../src/models/model-client.js";
import type { ModelMeter } from "../../src/models/model-meter.js";
import { MODEL_DEFAULTS } from "../../src/models/model-settings.js";
import { createSandboxModel, type ReplayFixture } from "../../packages/sandbox/src/model/index.js";

/**
 * The sandbox model server replaying `fixture` (a prompt without a recorded reply gets a 404,
 * never an invented reply), and the product's model client for it, named "replay".
 */
export async function startReplay(
  fixture: ReplayFixture,
  meter?: ModelMeter,
): Promise<{ client: ModelClient; close: () => Promise<void> }> {
  const server = createSandboxModel({ models: ["replay"], fixture });
  const baseUrl = await server.listen();
  const client = createModelClient({
    settings: {
      name: "replay",
      baseUrl,
      model: "replay",
      apiKey: undefined,
      ...MODEL_DEFAULTS,
      timeoutMs: 30_000,
      dailyTokenBudget: undefined,
    },
    ...(meter ? { meter } : {}),
  });
  return { client, close: () => server.close() };
}
