import type { ConfigProblem } from "../config/config-error.js";
import type { GatewayConfig } from "../config/schema.js";
import { catalogueLanguage, LANGUAGES, type Texts, textsFor } from "../i18n/index.js";
import type { AgentSettings } from "./agent-settings.js";

/**
 * Agents whose `language` the bot has no catalogue for: a warning each (gateway.json stays
 * valid; their users without a language of their own are answered in English). Read by `check`
 * and logged when gateway.json is applied.
 */
export function agentLanguageWarnings(config: Pick<GatewayConfig, "agents">): ConfigProblem[] {
  return Object.entries(config.agents)
    .filter(([, agent]) => agent.language !== undefined && catalogueLanguage(agent.language) === undefined)
    .map(([id, agent]) => ({
      path: `agents.${id}.language`,
      message: `the bot has no catalogue for "${agent.language}"; users whose Telegram app is in no language it speaks are answered in English`,
      fix: `set it to one of ${LANGUAGES.join(", ")}, or add a catalogue (docs/i18n.md)`,
    }));
}

/**
 * What to tell someone an agent answers: in their Telegram `language_code` when the bot speaks
 * it, else in the agent's `language`, else in English (src/i18n).
 */
export function agentTexts(agent: Pick<AgentSettings, "language">, languageCode?: string): Texts {
  return textsFor(languageCode, agent.language);
}
