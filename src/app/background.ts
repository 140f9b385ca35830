import { resolve } from "node:path";
import type { Logger } from "../log/logger.js";
import { watchFile } from "../state/watch-file.js";
import type { GatewayParts } from "./gateway-parts.js";

/** How often approvals are retried even without a change of the pairing file. */
const DELIVERY_RETRY_MS = 30_000;
/** gateway.json is re-read once its folder has been quiet this long. */
const CONFIG_DEBOUNCE_MS = 250;

export interface ConfigWatch {
  /** The gateway has started: from now on a change reloads at once (one made meanwhile, now). */
  started(): void;
  close(): void;
}

/**
 * Watches gateway.json from before its first read, so that a change made while the gateway
 * starts (after the read, before start() resolves) is applied once it has started, never lost.
 */
export function watchGatewayConfig(path: string, reload: (reason: string) => Promise<unknown>): ConfigWatch {
  let starting = true;
  let changedWhileStarting = false;
  const watch = watchFile(
    resolve(path),
    async () => {
      if (starting) changedWhileStarting = true;
      else await reload("file changed");
    },
    { debounceMs: CONFIG_DEBOUNCE_MS },
  );
  return {
    started() {
      starting = false;
      if (changedWhileStarting) void reload("file changed while starting");
    },
    close: () => watch.close(),
  };
}

/**
 * Starts approval deliveries: on every pairing change, at once for approvals made while the
 * daemon was down (no change the watch reports), and every 30 s. Returns the function that stops them.
 */
export function startDeliveries(
  parts: Pick<GatewayParts, "pairing" | "delivery">,
  logger: Logger,
): () => void {
  const deliver = () =>
    parts.delivery
      .run()
      .catch((error) => logger.warn({ err: error }, "pairing deliveries failed; retried on the next change"));
  const pairingWatch = parts.pairing.watch(deliver);
  void deliver();
  const deliveryTimer = setInterval(deliver, DELIVERY_RETRY_MS);
  deliveryTimer.unref();
  return () => {
    pairingWatch.close();
    clearInterval(deliveryTimer);
  };
}
