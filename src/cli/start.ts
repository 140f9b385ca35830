import { loadSettings, wantsPrettyLogs } from "../config/settings.js";
import { createLogger } from "../log/logger.js";
import { createGateway } from "../app/gateway.js";
import { openSharedStores } from "../app/open-shared-stores.js";
import { armStopWatchdog, STOP_WATCHDOG_GRACE_MS, type StopWatchdog } from "./stop-watchdog.js";
import { type Command, parseFlags, SETTINGS_FLAGS, settingsArgs } from "./command.js";

const usage = "wiki-gateway start [--config FILE] [--state-dir DIR] [--http-port N] [...settings]";

/**
 * `start`: runs the daemon until SIGTERM or SIGINT. The first signal stops gracefully (stop
 * fetching, answer what was accepted, flush state, exit 0) within GATEWAY_STOP_TIMEOUT_MS and a few
 * seconds, whatever hangs (stop-watchdog.ts: past that, exit 1); a second signal exits at once (130).
 * SIGHUP reloads gateway.json.
 */
export const startCommand: Command = {
  name: "start",
  summary: "run the gateway daemon (all enabled accounts, health/metrics HTTP server)",
  usage,
  flags: SETTINGS_FLAGS,
  async run(args, io) {
    const { values } = parseFlags(args, SETTINGS_FLAGS, usage, false);
    const settings = loadSettings(settingsArgs(values), io.env);
    const logger = createLogger({
      level: settings.logLevel,
      pretty: wantsPrettyLogs(settings, io.isTty),
      colors: io.isTty,
    });
    // Cluster mode connects to Redis first: without it there is nothing safe to poll for.
    const stores = await openSharedStores(settings, logger).catch((error: unknown) => {
      logger.fatal({ err: error }, "the gateway could not start");
      logger.flush?.();
      throw error;
    });
    const gateway = createGateway({ settings, logger, stores });
    let watchdog: StopWatchdog | undefined;
    const onSignal = (signal: NodeJS.Signals) => {
      if (watchdog) {
        logger.warn({ signal }, "second signal: exiting at once");
        process.exit(130);
      }
      logger.info({ signal }, "stopping gracefully");
      watchdog = armStopWatchdog({
        logger,
        deadlineMs: settings.stopTimeoutMs + STOP_WATCHDOG_GRACE_MS,
        pending: () => gateway.stopPending(),
        exit: (code) => process.exit(code),
      });
      void gateway.stop();
    };
    const onHup = () => void gateway.reload("SIGHUP");
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);
    process.on("SIGHUP", onHup);
    try {
      // A stop during the start (a signal while a server hangs) ends it: its start is not waited for.
      await Promise.race([gateway.start(), gateway.stopped]);
      await gateway.stopped;
      watchdog?.stopped(0);
      return 0;
    } catch (error) {
      logger.fatal({ err: error }, "the gateway could not start");
      await gateway.stop().catch(() => {});
      throw error;
    } finally {
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      process.off("SIGHUP", onHup);
      logger.flush?.();
    }
  },
};
