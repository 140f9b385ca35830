import { afterAll, beforeAll, beforeEach } from "vitest";
import { createSandboxModel, type SandboxModelOptions } from "../../packages/sandbox/src/model/index.js";
import { createModelClient, type ModelClient, type ModelClientDeps } from "../../src/models/model-client.js";
import { MODEL_DEFAULTS, type ModelSettings } from "../../src/models/model-settings.js";

/**
 * The model stand-in for one test file: listening before the tests, reset before each, closed
 * after them; `client()` makes a model client on it (model "m1" unless told, 2 s timeout).
 */
export function useModelStandIn(options: SandboxModelOptions = {}, before?: () => Promise<void>) {
  const server = createSandboxModel({ models: ["m1"], ...options });
  let baseUrl = "";
  beforeAll(async () => {
    await before?.();
    baseUrl = await server.listen();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  return {
    server,
    baseUrl: () => baseUrl,
    settings: (overrides: Partial<ModelSettings> = {}): ModelSettings => ({
      name: "local",
      baseUrl,
      model: "m1",
      apiKey: undefined,
      ...MODEL_DEFAULTS,
      timeoutMs: 2000,
      dailyTokenBudget: undefined,
      ...overrides,
    }),
    client(
      overrides: Partial<ModelSettings> = {},
      deps: Omit<ModelClientDeps, "settings"> = {},
    ): ModelClient {
      return createModelClient({ settings: this.settings(overrides), ...deps });
    },
  };
}
