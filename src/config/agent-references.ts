import type { GatewayConfig } from "./schema.js";

/** An `agentId` named by a group's or a topic's entry, where it is written. */
export interface AgentReference {
  agentId: string;
  /** JSON path of the `agentId` key, e.g. ["accounts", "default", "groups", "-100…", "topics", "7", "agentId"]. */
  path: PropertyKey[];
}

/**
 * Every agent the `groups` entries (and their `topics`) of all accounts name. Reads defensively,
 * so it also works on a file that failed the schema: entries of the wrong shape are skipped.
 */
export function groupAgentReferences(accounts: Record<string, unknown>): AgentReference[] {
  const out: AgentReference[] = [];
  for (const [name, account] of Object.entries(accounts)) {
    for (const [groupKey, group] of entries(field(account, "groups"))) {
      const at = ["accounts", name, "groups", groupKey];
      const own = field(group, "agentId");
      if (typeof own === "string") out.push({ agentId: own, path: [...at, "agentId"] });
      for (const [topicKey, topic] of entries(field(group, "topics"))) {
        const agentId = field(topic, "agentId");
        if (typeof agentId === "string") out.push({ agentId, path: [...at, "topics", topicKey, "agentId"] });
      }
    }
  }
  return out;
}

/**
 * Every agent id a valid gateway.json knows, each once, in this order: the `agents` entries, the
 * agents of `bindings`, and those groups and topics name. An id without an `agents` entry is an
 * agent with the default settings.
 */
export function knownAgentIds(config: GatewayConfig): string[] {
  return [
    ...new Set([
      ...Object.keys(config.agents),
      ...config.bindings.map((binding) => binding.agentId),
      ...groupAgentReferences(config.accounts).map((reference) => reference.agentId),
    ]),
  ];
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function entries(value: unknown): Array<[string, unknown]> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
}
