import { type AgentSettings, resolveAgentSettings } from "../agents/agent-settings.js";
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
}

export function resolveRuntimeConfig(config: GatewayConfig, wikiUrl: string): RuntimeConfig {
  const policies = new Map<string, AccountPolicy>();
  for (const [name, account] of Object.entries(config.accounts))
    policies.set(name, resolveAccountPolicy(account));
  const agents = new Map<string, AgentSettings>();
  for (const binding of config.bindings) {
    agents.set(
      binding.match.accountId,
      resolveAgentSettings(binding.agentId, config.agents[binding.agentId], wikiUrl),
    );
  }
  return { config, policies, agents };
}

/** Which agent answers each account, as /status shows it. */
export function boundAgents(
  runtime: RuntimeConfig | undefined,
): Array<{ account: string; agent: string; section: AgentSettings["section"] }> {
  if (!runtime) return [];
  return [...runtime.agents.entries()].map(([account, a]) => ({ account, agent: a.id, section: a.section }));
}
