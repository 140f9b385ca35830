import type { Logger } from "../log/logger.js";
import { watchFile } from "../state/watch-file.js";
import type { GatewayParts } from "./gateway-parts.js";

/** How often approvals are retried even without a change of the pairing file. */
const DELIVERY_RETRY_MS = 30_000;
/** gateway.json is re-read once its folder has been quiet this long. */
const CONFIG_DEBOUNCE_MS = 250;

/**
 * Starts what runs beside the accounts: approval deliveries (on every pairing change, at start
 * for approvals made while the daemon was down, and every 30 s) and the gateway.json watch.
 * Returns the function that stops them all.
 */
export function startBackground(
  parts: Pick<GatewayParts, "pairing" | "delivery" | "config">,
  reload: (reason: string) => Promise<unknown>,
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
  const configWatch = watchFile(parts.config.path, () => reload("file changed").then(() => {}), {
    debounceMs: CONFIG_DEBOUNCE_MS,
  });
  return () => {
    pairingWatch.close();
    configWatch.close();
    clearInterval(deliveryTimer);
  };
}
