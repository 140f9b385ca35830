import { type ConfigProblem, formatPath } from "./config-error.js";

/**
 * Each agent's `model` and `speechToText` name an entry of `models`, and `modelUse` other than
 * "off" has a model to use. Reads defensively: also runs on a file that failed the schema.
 */
export function checkModelReferences(
  agents: Record<string, unknown>,
  models: Record<string, unknown>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const names = Object.keys(models);
  for (const [id, agent] of Object.entries(agents)) {
    const entry = typeof agent === "object" && agent !== null ? (agent as Record<string, unknown>) : {};
    const model = entry.model;
    problems.push(...unknownModel(id, "model", model, names));
    problems.push(...unknownModel(id, "speechToText", entry.speechToText, names));
    const use = entry.modelUse;
    if (model === undefined && (use === "rewrite" || use === "answer")) {
      problems.push({
        path: formatPath(["agents", id, "modelUse"]),
        message: `is "${use}" but the agent has no model`,
        fix: 'set "model" to a name from models, or remove modelUse',
      });
    }
  }
  return problems;
}

/** `agents.<id>.<key>` names a model `models` does not hold. */
function unknownModel(id: string, key: string, model: unknown, names: string[]): ConfigProblem[] {
  if (typeof model !== "string" || names.includes(model)) return [];
  const example =
    key === "speechToText"
      ? `{ "baseUrl": "https://api.openai.com/v1", "model": "whisper-1", "apiKeyFile": "openai.key" }`
      : `{ "baseUrl": "http://127.0.0.1:11434/v1", "model": "..." }`;
  return [
    {
      path: formatPath(["agents", id, key]),
      message: `names the model "${model}", which is not in models`,
      fix: names.length ? `use one of: ${names.join(", ")}` : `add "models": { "${model}": ${example} }`,
    },
  ];
}
