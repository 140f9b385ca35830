import { createGrounder, type Grounder } from "../agents/grounded-answer.js";
import { createQuestionRewriter, type QuestionRewriter } from "../agents/question-rewriter.js";
import type { ModelConfig } from "../config/model-schema.js";
import type { Settings } from "../config/settings.js";
import { createLogger } from "../log/logger.js";
import { createModelClients } from "../models/model-registry.js";
import type { CliIo } from "./command.js";

/** The models gateway.json names, and the folder its key files are relative to. */
export interface AskModels {
  models: Record<string, ModelConfig>;
  configDir: string;
}

/**
 * `ask`'s rewriter and grounder: the agent's model as the daemon would use it (gateway.json's
 * models, and MODEL_URL for agents that name none). A model whose key file cannot be read is said on stderr
 * and left out: its agent answers without it. Under MODEL_LOG_PROMPTS (`--model-log-prompts true`)
 * each call's prompt and reply go to stderr, redacted, as JSON lines.
 */
export async function askModels(
  settings: Settings,
  given: AskModels,
  io: CliIo,
): Promise<{ rewriter: QuestionRewriter; grounder: Grounder }> {
  const clients = await createModelClients({
    models: given.models,
    configDir: given.configDir,
    modelUrl: settings.modelUrl,
    modelId: settings.modelId,
    ...(settings.modelLogPrompts
      ? {
          promptLogger: createLogger({
            level: "info",
            destination: { write: (line: string) => io.err(line) },
          }),
        }
      : {}),
  });
  for (const { error } of clients.problems) io.err(`${error.message}\n  fix: ${error.remedy}\n`);
  return {
    rewriter: createQuestionRewriter({ models: clients.get }),
    grounder: createGrounder({ models: clients.get }),
  };
}
