import type { Settings } from "../config/settings.js";
import type { Metrics } from "../http/metrics.js";
import type { GatewayView } from "../http/gateway-readiness.js";
import { gatewayReadiness } from "../http/gateway-readiness.js";
import { createHttpServer, type HttpServer } from "../http/server.js";
import { gatewayStatus } from "../http/gateway-status.js";
import type { Logger } from "../log/logger.js";

/** The operations endpoint over the gateway's parts, each read when a request asks. */
export function wireHttp(
  settings: Settings,
  logger: Logger,
  metrics: Metrics,
  view: GatewayView,
): HttpServer {
  return createHttpServer({
    host: settings.httpHost,
    port: settings.httpPort,
    logger,
    routes: {
      readiness: () => gatewayReadiness(view),
      metrics: async () => {
        metrics.observeAccounts(view.accounts());
        metrics.observeWiki(view.wiki().ok);
        const cluster = view.cluster?.();
        if (cluster) metrics.observeCluster(cluster);
        return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
      },
      status: () => gatewayStatus(view),
    },
  });
}
