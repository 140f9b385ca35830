import { z } from "zod";
import { groupAgentReferences } from "./agent-references.js";
import { type ConfigProblem, formatPath, nearestKey } from "./config-error.js";
import { emptySenderListWarnings } from "./empty-sender-lists.js";
import { checkModelReferences } from "./model-references.js";
import { ACCOUNT_NAME, type GatewayConfig, gatewayConfigSchema, KNOWN_KEYS } from "./schema.js";

export type ValidationResult =
  { ok: true; config: GatewayConfig; warnings: ConfigProblem[] } | { ok: false; problems: ConfigProblem[] };

const WEBHOOK_KEY = /^webhook/i;

/**
 * Validates a parsed gateway.json. Pure: no file or network access.
 *
 * Contract: returns every problem at once, each with a JSON path, a message and a fix; never
 * throws for any JSON value. Warnings are accepted settings an operator should know about.
 */
export function validateGatewayConfig(raw: unknown): ValidationResult {
  const problems: ConfigProblem[] = findWebhookKeys(raw, []);
  const cleaned = problems.length > 0 ? stripWebhookKeys(raw) : raw;
  const parsed = gatewayConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    problems.push(...parsed.error.issues.flatMap(toProblems));
    const salvaged = salvageSchema.safeParse(cleaned);
    if (salvaged.success) problems.push(...crossCheck(salvaged.data));
    return { ok: false, problems: sortProblems(dedupe(problems)) };
  }
  problems.push(...crossCheck(parsed.data));
  if (problems.length > 0) return { ok: false, problems: sortProblems(problems) };
  return { ok: true, config: parsed.data, warnings: collectWarnings(parsed.data) };
}

function findWebhookKeys(value: unknown, path: PropertyKey[]): ConfigProblem[] {
  if (!value || typeof value !== "object") return [];
  const out: ConfigProblem[] = [];
  for (const [key, item] of Object.entries(value)) {
    const here = [...path, Array.isArray(value) ? Number(key) : key];
    if (WEBHOOK_KEY.test(key)) {
      out.push({
        path: formatPath(here),
        message: `"${key}" is not allowed: the gateway receives updates by long polling only (webhooks were reset on restart and a mismatched secret_token lost messages with 401)`,
        fix: `remove "${key}"; a webhook already set on the bot is removed at start`,
      });
    } else out.push(...findWebhookKeys(item, here));
  }
  return out;
}

function stripWebhookKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripWebhookKeys);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !WEBHOOK_KEY.test(key))
      .map(([key, item]) => [key, stripWebhookKeys(item)]),
  );
}

function toProblems(issue: z.core.$ZodIssue): ConfigProblem[] {
  const path = formatPath(issue.path);
  if (issue.code === "unrecognized_keys") {
    const known = knownKeysAt(issue.path);
    return issue.keys.map((key) => {
      const near = nearestKey(key, known);
      return {
        path: formatPath([...issue.path, key]),
        message: `unknown key "${key}"`,
        fix: near ? `did you mean "${near}"?` : `remove it; known keys here: ${known.join(", ")}`,
      };
    });
  }
  const params = (issue as { params?: { fix?: string } }).params;
  if (params?.fix) return [{ path, message: issue.message, fix: params.fix }];
  if (issue.code === "invalid_value") {
    const values = issue.values.map((v) => JSON.stringify(v)).join(", ");
    return [{ path, message: issue.message, fix: `use one of ${values}` }];
  }
  if (issue.code === "invalid_type") {
    const missing = /received undefined/.test(issue.message);
    return [
      {
        path,
        message: missing ? "is required" : issue.message,
        fix: missing
          ? `add "${String(issue.path.at(-1))}" (${issue.expected})`
          : `write a value of type ${issue.expected}`,
      },
    ];
  }
  return [{ path, message: issue.message, fix: "correct this value" }];
}

function knownKeysAt(path: readonly PropertyKey[]): readonly string[] {
  const [first, , third] = path;
  if (path.length === 0) return KNOWN_KEYS.root;
  if (first === "accounts" && path.length === 2) return KNOWN_KEYS.account;
  if (first === "accounts" && third === "groups" && path.length === 4) return KNOWN_KEYS.group;
  if (first === "accounts" && third === "groups" && path[4] === "topics" && path.length === 6)
    return KNOWN_KEYS.topic;
  if (first === "bindings" && path.length === 2) return KNOWN_KEYS.binding;
  if (first === "bindings" && path.length === 3) return KNOWN_KEYS.match;
  if (first === "agents" && path.length === 2) return KNOWN_KEYS.agent;
  if (first === "agents" && third === "unanswered" && path.length === 3) return KNOWN_KEYS.unanswered;
  if (first === "agents" && third === "unanswered" && path[3] === "digest" && path.length === 4)
    return KNOWN_KEYS.digest;
  if (first === "models" && path.length === 2) return KNOWN_KEYS.model;
  return [];
}

/** Just enough shape for the cross-field rules, salvaged from a file that failed the full schema. */
const salvageSchema = z.object({
  defaultAccount: z.string().catch(""),
  accounts: z
    .record(
      z.string(),
      z
        .looseObject({
          botToken: z.string().optional().catch(undefined),
          enabled: z.boolean().optional().catch(undefined),
        })
        .catch({}),
    )
    .catch({}),
  bindings: z
    .array(
      z
        .looseObject({ agentId: z.string(), match: z.looseObject({ accountId: z.string() }) })
        .nullable()
        .catch(null),
    )
    .catch([])
    .transform((items) => items.filter((b) => b !== null)),
  agents: z.record(z.string(), z.unknown()).catch({}),
  models: z.record(z.string(), z.unknown()).catch({}),
});

interface CrossCheckInput {
  defaultAccount: string;
  /** Each account's other keys are read defensively (groupAgentReferences). */
  accounts: Record<string, { botToken?: string | undefined; enabled?: boolean | undefined }>;
  bindings: Array<{ agentId: string; match: { accountId: string } }>;
  agents: Record<string, unknown>;
  models?: Record<string, unknown>;
}

function dedupe(problems: ConfigProblem[]): ConfigProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Rules that span several fields. */
function crossCheck(config: CrossCheckInput): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const names = Object.keys(config.accounts);
  if (names.length === 0) {
    problems.push({
      path: "accounts",
      message: "has no account",
      fix: "add at least one account with its botToken or botTokenFile",
    });
  }
  for (const name of names) {
    if (!ACCOUNT_NAME.test(name)) {
      problems.push({
        path: formatPath(["accounts", name]),
        message: `account name "${name}" is not allowed`,
        fix: "use lower-case letters, digits, '-' and '_', starting with a letter or digit",
      });
    }
  }
  if (!(config.defaultAccount in config.accounts)) {
    problems.push({
      path: "defaultAccount",
      message: `names "${config.defaultAccount}", which is not an account`,
      fix: `use one of: ${names.join(", ") || "(add an account first)"}`,
    });
  }
  const boundTo = new Map<string, number[]>();
  config.bindings.forEach((binding, index) => {
    const accountId = binding.match.accountId;
    if (!(accountId in config.accounts)) {
      problems.push({
        path: formatPath(["bindings", index, "match", "accountId"]),
        message: `"${accountId}" is not an account`,
        fix: `use one of: ${names.join(", ")}`,
      });
      return;
    }
    boundTo.set(accountId, [...(boundTo.get(accountId) ?? []), index]);
  });
  for (const name of names) {
    const bound = boundTo.get(name) ?? [];
    if (bound.length === 0) {
      problems.push({
        path: formatPath(["accounts", name]),
        message: "is not bound to any agent: its messages would be dropped",
        fix: `add { "agentId": "...", "match": { "channel": "telegram", "accountId": "${name}" } } to bindings`,
      });
    } else if (bound.length > 1) {
      problems.push({
        path: formatPath(["bindings", bound[1]!]),
        message: `account "${name}" is bound more than once (bindings ${bound.join(", ")})`,
        fix: "keep exactly one binding per account",
      });
    }
  }
  const byToken = new Map<string, string>();
  for (const [name, account] of Object.entries(config.accounts)) {
    // Only enabled accounts poll: a disabled one may keep the token an enabled one now uses.
    if (!account.botToken || account.enabled === false) continue;
    const other = byToken.get(account.botToken);
    if (other) {
      problems.push({
        path: formatPath(["accounts", name, "botToken"]),
        message: `is the same token as account "${other}": two pollers of one bot fight with 409 Conflict`,
        fix: 'give each account its own bot (BotFather /newbot), or remove one of them or set "enabled": false on it',
      });
    } else byToken.set(account.botToken, name);
  }
  problems.push(...checkAgentReferences(config), ...checkModelReferences(config.agents, config.models ?? {}));
  problems.push(...checkDigestAccounts(config));
  return problems;
}

/** Each editors' digest (`agents.<id>.unanswered.digest.account`) is sent by an account of the file. Reads defensively. */
function checkDigestAccounts(config: CrossCheckInput): ConfigProblem[] {
  const names = Object.keys(config.accounts);
  const field = (value: unknown, key: string): unknown =>
    typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return Object.entries(config.agents).flatMap(([id, agent]) => {
    const account = field(field(field(agent, "unanswered"), "digest"), "account");
    if (typeof account !== "string" || names.includes(account)) return [];
    return [
      {
        path: formatPath(["agents", id, "unanswered", "digest", "account"]),
        message: `names the account "${account}", which is not in accounts: the digest would never be sent`,
        fix: `use one of: ${names.join(", ")}`,
      },
    ];
  });
}

/**
 * Agents: every entry of `agents` is used (by a binding, a group or a topic), and every agent a
 * group or topic names is known (bound to an account, or defined in `agents`).
 */
function checkAgentReferences(config: CrossCheckInput): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const references = groupAgentReferences(config.accounts);
  const known = new Set([...Object.keys(config.agents), ...config.bindings.map((b) => b.agentId)]);
  const listing = [...known].sort().join(", ") || "(none yet)";
  for (const { agentId, path } of references) {
    if (known.has(agentId)) continue;
    problems.push({
      path: formatPath(path),
      message: `names the agent "${agentId}", which is neither bound to an account nor defined in agents`,
      fix: `use one of: ${listing}; or add "${agentId}": { "section": "..." } to agents`,
    });
  }
  for (const id of Object.keys(config.agents)) {
    if (config.bindings.some((b) => b.agentId === id)) continue;
    if (references.some((r) => r.agentId === id)) continue;
    problems.push({
      path: formatPath(["agents", id]),
      message: "is defined but no binding uses it, nor any group or topic",
      fix: `bind an account to "${id}" in bindings, name it as a group's or topic's agentId, or remove this agent`,
    });
  }
  return problems;
}

/** Accepted but risky settings; `check` prints them. */
export function collectWarnings(config: GatewayConfig): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  for (const [name, account] of Object.entries(config.accounts)) {
    const at = (...rest: PropertyKey[]) => formatPath(["accounts", name, ...rest]);
    if (account.dmPolicy === "open") {
      warnings.push({
        path: at("dmPolicy"),
        message: '"open" answers every Telegram user in direct messages',
        fix: 'use "pairing" or "allowlist" unless the wiki is public',
      });
    }
    if (account.groupPolicy === "open") {
      warnings.push({
        path: at("groupPolicy"),
        message: '"open" answers in every group the bot is added to',
        fix: 'use "allowlist" and list the groups',
      });
    }
    const star = account.groups["*"];
    if (star && !star.allowFrom && !account.groupAllowFrom && account.groupPolicy === "allowlist") {
      warnings.push({
        path: at("groups", "*"),
        message: "admits unlisted groups but no sender list applies to them, so nobody is answered there",
        fix: 'add allowFrom to the "*" entry or groupAllowFrom to the account',
      });
    }
    warnings.push(...emptySenderListWarnings(name, account));
  }
  return warnings;
}

function sortProblems(problems: ConfigProblem[]): ConfigProblem[] {
  return problems.sort((a, b) => a.path.localeCompare(b.path));
}
