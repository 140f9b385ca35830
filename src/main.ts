import { type AccountPool, createAccountPool } from "./accounts/account-pool.js";
import { isAccountReady } from "./accounts/account-state.js";
import { createAnswerer } from "./agents/answer.js";
import { htmlToPlain } from "./agents/format/index.js";
import { BOT_COMMANDS, createWikiAgent } from "./agents/wiki-agent.js";
import { loadGatewayConfig } from "./config/load.js";
import type { Settings } from "./config/settings.js";
import { watchConfigFile } from "./config/watch.js";
import { errorMessage, isGatewayError } from "./errors.js";
import { createMetrics } from "./http/metrics.js";
import { createHttpServer, type Readiness } from "./http/server.js";
import type { Logger } from "./log/logger.js";
import { createAnswerCache, questionKey, withGeneration } from "./pipeline/answer-cache.js";
import { createMessagePipeline } from "./pipeline/handle-message.js";
import { createPairingHandler } from "./pipeline/pairing-flow.js";
import { createApprovalDelivery } from "./pipeline/approval-delivery.js";
import { resolveRuntimeConfig, type RuntimeConfig } from "./pipeline/runtime-config.js";
import { createWikiWatch } from "./pipeline/wiki-watch.js";
import { createDenialLogger } from "./policy/denial-log.js";
import { createPairingStore } from "./policy/pairing-store.js";
import { createStateLayout } from "./state/layout.js";
import { ensureWritableStateDir } from "./state/state-dir.js";
import { createWikiClient } from "./wiki/client/index.js";
import { createSearchIndex } from "./wiki/index/index.js";

export interface GatewayDeps {
  settings: Settings;
  logger: Logger;
}

export interface ReloadResult {
  applied: boolean;
  started: string[];
  stopped: string[];
  problems?: string[];
}

export interface Gateway {
  start(): Promise<void>;
  /** Graceful: stop fetching, answer what was accepted (up to stopTimeoutMs), flush state. Idempotent. */
  stop(): Promise<void>;
  /** Resolves once stop() finished. */
  readonly stopped: Promise<void>;
  /** Re-reads gateway.json; an invalid file is refused and the running configuration kept. */
  reload(reason: string): Promise<ReloadResult>;
  readiness(): Readiness;
  status(): unknown;
}

/**
 * The composition root: the only place that wires modules together. Everything else receives its
 * dependencies; nothing else reads settings or creates singletons.
 */
export function createGateway({ settings, logger }: GatewayDeps): Gateway {
  const layout = createStateLayout(settings.stateDir);
  const metrics = createMetrics();
  const wiki = createWikiClient({
    baseUrl: settings.wikiUrl,
    tokenFile: settings.wikiTokenFile,
    timeoutMs: settings.wikiTimeoutMs,
    writeTimeoutMs: settings.wikiWriteTimeoutMs,
    logger: logger.child({ component: "wiki" }),
    onRequest: (operation: string) => metrics.wikiRequests.inc({ operation }),
    onError: (code: string) => metrics.wikiErrors.inc({ code }),
  });
  const index = withGeneration(createSearchIndex({ logger: logger.child({ component: "index" }) }));
  const answers = createAnswerCache<{ chunks: string[]; kind: string }>();
  const wikiWatch = createWikiWatch({
    wiki,
    index,
    indexFile: layout.indexFile,
    refreshSeconds: settings.indexRefreshSeconds,
    logger: logger.child({ component: "wiki" }),
    onIndexSize: (pages) => metrics.indexPages.set(pages),
  });
  const answerer = createAnswerer({ index, wiki, logger });
  const agent = createWikiAgent({ answerer, index, wiki, logger });
  const pairing = createPairingStore({ file: layout.pairingFile, lockFile: layout.pairingLock, logger });
  const denials = createDenialLogger(logger.child({ component: "policy" }));

  let runtime: RuntimeConfig | undefined;
  let configPath = settings.configPath;
  const pipeline = createMessagePipeline({
    runtime: () => runtime as RuntimeConfig,
    isApproved: (account, userId) => pairing.isApproved(account, userId),
    pair: createPairingHandler({
      request: (account, msg) => pairing.request(account, msg),
      onRequest: (account) => metrics.pairingRequests.inc({ account }),
    }),
    recordDenial: (msg, decision) => denials.record(msg, decision),
    answer: async (msg, settingsOfAgent) => {
      const handle = async () => {
        const reply = await agent.handle(msg, settingsOfAgent);
        return { chunks: reply.chunks, kind: reply.kind };
      };
      // Only plain questions are cached, and only successful lookups (never a wiki error reply).
      if (msg.command !== undefined || !index.ready) return handle();
      const key = questionKey(settingsOfAgent.id, index.generation(), msg.args);
      const out = await answers.get(key, handle);
      if (out.kind === "error") answers.clear();
      return out;
    },
    metrics,
  });
  const pool: AccountPool = createAccountPool({
    logger,
    apiRoot: settings.telegramApiRoot,
    pollTimeoutSeconds: Math.min(50, settings.telegramPollTimeout),
    journalFile: layout.journalFile,
    stopTimeoutMs: settings.stopTimeoutMs,
    handler: pipeline,
    toPlain: htmlToPlain,
    commands: BOT_COMMANDS,
    onApiCall: (event) => {
      if (!event.ok) {
        metrics.telegramErrors.inc({
          account: event.account,
          method: event.method,
          code: String(event.errorCode ?? 0),
        });
      }
    },
  });
  const delivery = createApprovalDelivery({
    pairing,
    pool,
    pipeline,
    logger: logger.child({ component: "pairing" }),
  });
  const http = createHttpServer({
    host: settings.httpHost,
    port: settings.httpPort,
    logger,
    routes: {
      readiness: () => readiness(),
      metrics: async () => {
        metrics.observeAccounts(pool.states());
        return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
      },
      status: () => status(),
    },
  });

  let closeWatchers: Array<() => void> = [];
  let stopPromise: Promise<void> | undefined;
  let resolveStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    resolveStopped = resolve;
  });

  function readiness(): Readiness {
    const checks: Readiness["checks"] = {};
    for (const state of pool.states()) {
      checks[`account:${state.account}`] = isAccountReady(state)
        ? { ok: true }
        : { ok: false, detail: state.problem ? `${state.status}: ${state.problem.message}` : state.status };
    }
    const wikiState = wikiWatch.state();
    checks.wiki = wikiState.ok ? { ok: true } : { ok: false, detail: wikiState.detail ?? "not checked yet" };
    checks.index = index.ready ? { ok: true } : { ok: false, detail: "the search index is being built" };
    checks.config = runtime ? { ok: true } : { ok: false, detail: "gateway.json not loaded" };
    return { ready: Object.values(checks).every((c) => c.ok), checks };
  }

  function status() {
    return {
      accounts: pool.states().map((s) => ({
        account: s.account,
        status: s.status,
        username: s.bot?.username,
        privacyMode: s.bot ? !s.bot.canReadAllGroupMessages : undefined,
        problem: s.problem,
        since: s.since,
        journalDepth: s.journalDepth,
        webhookRemovals: s.webhookRemovals,
      })),
      wiki: wikiWatch.state(),
      index: index.stats(),
      agents: runtime
        ? [...runtime.agents.entries()].map(([account, a]) => ({ account, agent: a.id, section: a.section }))
        : [],
    };
  }

  async function reload(reason: string): Promise<ReloadResult> {
    let loaded;
    try {
      loaded = await loadGatewayConfig(configPath);
    } catch (error) {
      const problems =
        isGatewayError(error) && "problems" in error ? describeProblems(error) : [errorMessage(error)];
      logger.error(
        { reason, problems, code: isGatewayError(error) ? error.code : "config-invalid" },
        "gateway.json refused; the running configuration is kept",
      );
      return { applied: false, started: [], stopped: [], problems };
    }
    for (const warning of loaded.warnings)
      logger.warn({ path: warning.path, fix: warning.fix }, warning.message);
    runtime = resolveRuntimeConfig(loaded.config, settings.wikiUrl);
    const { started, stopped: stoppedAccounts } = await pool.apply(loaded.config, loaded.tokens);
    logger.info({ reason, started, stopped: stoppedAccounts }, "configuration applied");
    return { applied: true, started, stopped: stoppedAccounts };
  }

  return {
    stopped,
    readiness,
    status,
    reload,
    async start() {
      await ensureWritableStateDir(layout.root);
      const loaded = await loadGatewayConfig(configPath);
      configPath = loaded.path;
      for (const warning of loaded.warnings)
        logger.warn({ path: warning.path, fix: warning.fix }, warning.message);
      runtime = resolveRuntimeConfig(loaded.config, settings.wikiUrl);
      const url = await http.listen();
      logger.info({ url }, "operations endpoint listening (/healthz /readyz /metrics /status)");
      await pairing.reload();
      wikiWatch.start();
      await pool.apply(loaded.config, loaded.tokens);
      const deliver = () =>
        delivery
          .run()
          .catch((error) =>
            logger.warn({ err: error }, "pairing deliveries failed; retried on the next change"),
          );
      const pairingWatch = pairing.watch(deliver);
      // Approvals made while the daemon was down are not a change the watch reports.
      void deliver();
      const deliveryTimer = setInterval(deliver, 30_000);
      deliveryTimer.unref();
      const configWatch = watchConfigFile(configPath, () => void reload("file changed"));
      closeWatchers = [
        () => pairingWatch.close(),
        () => configWatch.close(),
        () => clearInterval(deliveryTimer),
      ];
      logger.info({ accounts: pool.states().map((s) => `${s.account}:${s.status}`) }, "gateway started");
    },
    stop() {
      stopPromise ??= (async () => {
        for (const close of closeWatchers) close();
        await pool.stop();
        await wikiWatch.stop();
        await http.close();
        logger.info("gateway stopped");
        resolveStopped();
      })();
      return stopPromise;
    },
  };
}

function describeProblems(error: unknown): string[] {
  const problems =
    (error as { problems?: Array<{ path: string; message: string; fix?: string }> }).problems ?? [];
  if (problems.length === 0) return [errorMessage(error)];
  return problems.map((p) => `${p.path}: ${p.message}${p.fix ? ` (fix: ${p.fix})` : ""}`);
}
