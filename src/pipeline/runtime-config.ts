import { type AgentSettings, resolveAgentSettings } from "../agents/agent-settings.js";
import { groupAgentReferences } from "../config/agent-references.js";
import type { GatewayConfig } from "../config/schema.js";
import { type AccountPolicy, resolveAccountPolicy } from "../policy/evaluate.js";

/**
 * Everything a message needs from gateway.json, resolved once per load. Hot reload swaps the whole
 * snapshot at once, so a message sees either the old configuration or the new one, never a mix.
 */
export interface RuntimeConfig {
  config: GatewayConfig;
  policies: ReadonlyMap<string, AccountPolicy>;
  /** The agent bound to each account (bindings), with its resolved settings. */
  agents: ReadonlyMap<string, AgentSettings>;
  /** Every agent that may answer, by agent id: the bound ones and those a group or topic names. */
  agentsById: ReadonlyMap<string, AgentSettings>;
}

export function resolveRuntimeConfig(
  config: GatewayConfig,
  wikiUrl: string,
  modelUrlSet = false,
): RuntimeConfig {
  const policies = new Map<string, AccountPolicy>();
  for (const [name, account] of Object.entries(config.accounts))
    policies.set(name, resolveAccountPolicy(account));
  const agentsById = new Map<string, AgentSettings>();
  const settingsOf = (id: string): AgentSettings => {
    let settings = agentsById.get(id);
    if (!settings)
      agentsById.set(id, (settings = resolveAgentSettings(id, config.agents[id], wikiUrl, modelUrlSet)));
    return settings;
  };
  const agents = new Map<string, AgentSettings>();
  for (const binding of config.bindings) agents.set(binding.match.accountId, settingsOf(binding.agentId));
  for (const { agentId } of groupAgentReferences(config.accounts)) settingsOf(agentId);
  return { config, policies, agents, agentsById };
}

/**
 * The agent answering a message the policy let in: the one its group's or topic's entry names
 * (`decision.agentId`), else the account's bound agent. Undefined when neither is known.
 */
export function answeringAgent(
  runtime: RuntimeConfig | undefined,
  account: string,
  agentId: string | undefined,
): AgentSettings | undefined {
  if (agentId !== undefined) return runtime?.agentsById.get(agentId);
  return runtime?.agents.get(account);
}

/** Which agent answers each account, as /status shows it. */
export function boundAgents(
  runtime: RuntimeConfig | undefined,
): Array<{ account: string; agent: string; section: AgentSettings["section"] }> {
  if (!runtime) return [];
  return [...runtime.agents.entries()].map(([account, a]) => ({ account, agent: a.id, section: a.section }));
}
