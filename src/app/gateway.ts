import type { Cluster } from "../cluster/cluster.js";
import { loadGatewayConfig } from "../config/load.js";
import type { Settings } from "../config/settings.js";
import { gatewayReadiness } from "../http/gateway-readiness.js";
import type { Readiness } from "../http/server.js";
import { type GatewayStatus, gatewayStatus } from "../http/gateway-status.js";
import type { Logger } from "../log/logger.js";
import { ensureWritableStateDir } from "../state/state-dir.js";
import { applyConfig, type ConfigTarget, type ReloadResult, reloadConfig } from "./apply-config.js";
import { startDeliveries, watchGatewayConfig } from "./background.js";
import { createGatewayParts, type GatewayParts } from "./gateway-parts.js";
import { runStopSteps, type StopRun, type StopStep } from "./stop-steps.js";
import { startEditorsReport } from "./wire-unanswered.js";
import type { SharedStores } from "./shared-stores.js";

export type { ReloadResult } from "./apply-config.js";

export interface GatewayDeps {
  settings: Settings;
  logger: Logger;
  /** From `openSharedStores` (cluster mode: Redis); absent: the state directory's files. */
  stores?: SharedStores;
}

export interface Gateway {
  start(): Promise<void>;
  /**
   * Graceful: stop fetching, answer what was accepted (up to stopTimeoutMs), flush state. Idempotent;
   * never rejects, and ends within stopTimeoutMs + STOP_FLUSH_MS whatever hangs.
   */
  stop(): Promise<void>;
  /** The parts of a stop under way that have not ended yet (empty before and after). */
  stopPending(): string[];
  /** Resolves once stop() finished. */
  readonly stopped: Promise<void>;
  /** Re-reads gateway.json; an invalid file is refused and the running configuration kept. */
  reload(reason: string): Promise<ReloadResult>;
  readiness(): Readiness;
  status(): GatewayStatus;
}

/**
 * The composition root: the only place that wires modules together. Everything else receives its
 * dependencies; nothing else reads settings or creates singletons.
 */
export function createGateway({ settings, logger, stores }: GatewayDeps): Gateway {
  const parts = createGatewayParts(settings, logger, stores);
  const target: ConfigTarget = {
    config: parts.config,
    pool: parts.pool,
    wikiUrl: settings.wikiUrl,
    logger,
    models: parts.models,
    modelUrlSet: settings.modelUrl !== "",
  };
  const reload = (reason: string) => reloadConfig(target, reason);
  /** What start() opened beside the parts (watches, timers), closed first by stop(). */
  const closers: Array<() => void> = [];
  let stopRun: StopRun | undefined;
  let resolveStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    resolveStopped = resolve;
  });

  return {
    stopped,
    readiness: () => gatewayReadiness(parts.view),
    status: () => gatewayStatus(parts.view),
    reload,
    async start() {
      await ensureWritableStateDir(parts.layout.root);
      const configWatch = watchGatewayConfig(parts.config.path, reload);
      closers.push(() => configWatch.close());
      const loaded = await loadGatewayConfig(parts.config.path);
      await startParts(parts, logger);
      await applyConfig(target, loaded, "start");
      parts.migrations.remind(parts.config);
      if (parts.cluster.enabled) parts.cluster.current = await startCluster(settings, logger, parts);
      closers.push(startDeliveries(parts, logger));
      closers.push(await startEditorsReport({ settings, logger, ...parts }));
      logger.info(
        { accounts: parts.pool.states().map((s) => `${s.account}:${s.status}`) },
        "gateway started",
      );
      configWatch.started();
    },
    stop() {
      stopRun ??= stopParts(parts, closers, logger, settings.stopTimeoutMs);
      return stopRun.done.then(resolveStopped);
    },
    stopPending: () => stopRun?.pending() ?? [],
  };
}

/** The operations endpoint first (readiness is visible while the rest starts), then state and wiki. */
async function startParts(parts: GatewayParts, logger: Logger): Promise<void> {
  const url = await parts.http.listen();
  logger.info({ url }, "operations endpoint listening (/healthz /readyz /metrics /status)");
  await parts.pairing.reload();
  await parts.migrations.open();
  void parts.wikiWatch.start(); // loads the saved index, then checks the wiki in the background
}

/** Time the parts after the drain (flushes, closes) are given together past GATEWAY_STOP_TIMEOUT_MS. */
export const STOP_FLUSH_MS = 3_000;
/** Longest wait for one such part. */
const STOP_PART_MS = 1_000;

/**
 * The stop in order, every part bounded (stop-steps.ts): the accounts (and in cluster mode the
 * handovers) wait for the work in hand up to stopTimeoutMs, then each file is flushed and each
 * connection closed within a second, all within STOP_FLUSH_MS after that.
 */
function stopParts(
  parts: GatewayParts,
  closers: ReadonlyArray<() => void>,
  logger: Logger,
  stopTimeoutMs: number,
): StopRun {
  const drainMs = stopTimeoutMs + STOP_PART_MS;
  const step = (name: string, run: StopStep["run"], boundMs = STOP_PART_MS): StopStep => ({
    name,
    run,
    boundMs,
  });
  const run = runStopSteps(
    [
      step("watches", () => closers.forEach((close) => close())),
      step("cluster", () => parts.cluster.current?.stop(), drainMs),
      step("accounts", () => parts.pool.stop(), drainMs),
      step("wiki", () => parts.wikiWatch.stop()),
      step("feedback", () => parts.feedback.flush()),
      step("state files", () => parts.pipelineFiles.flush()),
      step("models", () => parts.models.flush()),
      step("group upgrades", () => parts.migrations.close()),
      step("shared stores", () => parts.stores.close()),
      step("operations endpoint", () => parts.http.close()),
      step("event-loop watch", () => parts.loopHealth.stop()),
    ],
    { logger, deadlineAt: Date.now() + stopTimeoutMs + STOP_FLUSH_MS },
  );
  return { pending: run.pending, done: run.done.then(() => logger.info("gateway stopped")) };
}

/**
 * Cluster mode: joins through Redis (loaded only here, so a single process never loads a Redis
 * client); the accounts then start as their leases are taken and stop as they are lost.
 */
async function startCluster(settings: Settings, logger: Logger, parts: GatewayParts): Promise<Cluster> {
  const { joinCluster } = await import("../cluster/cluster.js");
  return joinCluster({
    redisUrl: settings.redisUrl,
    replicaId: settings.replicaId,
    leaseTtlMs: settings.leaseTtlMs,
    leaseMarginMs: settings.leaseMarginMs,
    logger,
    accounts: () => parts.pool.wanted(),
    onGained: (account) => parts.pool.reconcile(account),
    onLost: (account, graceful) => parts.pool.reconcile(account, graceful),
  });
}
