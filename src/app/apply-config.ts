import { dirname } from "node:path";
import type { AccountPool } from "../accounts/account-pool.js";
import { agentLanguageWarnings } from "../agents/agent-language.js";
import { type LoadedConfig, loadGatewayConfig } from "../config/load.js";
import { errorMessage, isGatewayError } from "../errors.js";
import type { ConfigHealth } from "../http/config-health.js";
import type { Logger } from "../log/logger.js";
import { resolveRuntimeConfig, type RuntimeConfig } from "../pipeline/runtime-config.js";
import type { ModelsInForce } from "./wire-models.js";

export interface ReloadResult {
  applied: boolean;
  started: string[];
  stopped: string[];
  problems?: string[];
}

/** The configuration the gateway runs with: the file it came from and what it resolved to. */
export interface ConfigInForce {
  path: string;
  /** Undefined until gateway.json was first applied. */
  runtime: RuntimeConfig | undefined;
  /** When `runtime` was applied, and how the last reload ended (shown by /status and /readyz). */
  health: ConfigHealth;
}

export interface ConfigTarget {
  config: ConfigInForce;
  pool: Pick<AccountPool, "apply">;
  wikiUrl: string;
  logger: Logger;
  /** The model clients, rebuilt from each gateway.json applied. */
  models?: ModelsInForce;
  /** MODEL_URL is set: agents that name no model use it. */
  modelUrlSet?: boolean;
}

/**
 * Puts a loaded gateway.json in force, for start and reload alike: its warnings are logged, the
 * runtime snapshot is swapped at once (a message sees the old one or the new one, never a mix),
 * and the accounts are brought in line with it (only what changed is started or stopped).
 */
export async function applyConfig(
  target: ConfigTarget,
  loaded: LoadedConfig,
  reason: string,
): Promise<{ started: string[]; stopped: string[] }> {
  const { logger } = target;
  for (const warning of [...loaded.warnings, ...agentLanguageWarnings(loaded.config)])
    logger.warn({ path: warning.path, fix: warning.fix }, warning.message);
  target.config.path = loaded.path;
  await target.models?.apply(loaded.config.models, dirname(loaded.path));
  target.config.runtime = resolveRuntimeConfig(loaded.config, target.wikiUrl, target.modelUrlSet === true);
  target.config.health.appliedAt = new Date().toISOString();
  const { started, stopped } = await target.pool.apply(loaded.config, loaded.tokens);
  logger.info({ reason, started, stopped }, "configuration applied");
  return { started, stopped };
}

/**
 * Re-reads gateway.json; an invalid file is refused (every problem logged) and the running
 * configuration kept. Either way the outcome is kept in `config.health` for /status and /readyz.
 */
export async function reloadConfig(target: ConfigTarget, reason: string): Promise<ReloadResult> {
  let loaded: LoadedConfig;
  try {
    loaded = await loadGatewayConfig(target.config.path);
  } catch (error) {
    const problems =
      isGatewayError(error) && "problems" in error ? describeProblems(error) : [errorMessage(error)];
    target.logger.error(
      { reason, problems, code: isGatewayError(error) ? error.code : "config-invalid" },
      "gateway.json refused; the running configuration is kept",
    );
    target.config.health.lastReload = {
      at: new Date().toISOString(),
      trigger: reason,
      outcome: "refused",
      problems,
    };
    return { applied: false, started: [], stopped: [], problems };
  }
  const applied = await applyConfig(target, loaded, reason);
  target.config.health.lastReload = {
    at: new Date().toISOString(),
    trigger: reason,
    outcome: "applied",
    problems: [],
  };
  return { applied: true, ...applied };
}

function describeProblems(error: unknown): string[] {
  const problems =
    (error as { problems?: Array<{ path: string; message: string; fix?: string }> }).problems ?? [];
  if (problems.length === 0) return [errorMessage(error)];
  return problems.map((p) => `${p.path}: ${p.message}${p.fix ? ` (fix: ${p.fix})` : ""}`);
}
