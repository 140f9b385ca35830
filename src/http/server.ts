import type { HttpCode } from "./http-codes.js";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { GatewayError } from "../errors.js";
import type { Logger } from "../log/logger.js";
import { redactValue } from "../log/redact.js";

export interface Readiness {
  ready: boolean;
  /** Each part that was checked, with what is wrong when it is not ready. */
  checks: Record<string, { ok: boolean; detail?: string }>;
}

export interface HttpRoutes {
  readiness(): Readiness;
  metrics(): Promise<{ contentType: string; body: string }>;
  status(): unknown;
}

export interface HttpServer {
  /** Resolves with the URL it listens on; rejects with `http-listen-failed` and a remedy. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export class HttpServerError extends GatewayError<HttpCode> {}

/**
 * The operations endpoint: GET /healthz (process alive), /readyz (200 ready, 503 not, JSON says
 * which part), /metrics (Prometheus text) and /status (JSON, secrets redacted). Nothing else.
 */
export function createHttpServer(options: {
  host: string;
  port: number;
  logger: Logger;
  routes: HttpRoutes;
}): HttpServer {
  const { routes, logger } = options;
  const started = Date.now();
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      logger.error({ err: error, path: req.url }, "HTTP handler failed");
      if (!res.headersSent) json(res, 500, { error: "internal error" });
      else res.end();
    });
  });
  server.keepAliveTimeout = 5000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("allow", "GET, HEAD");
      return json(res, 405, { error: "method not allowed" });
    }
    switch (path) {
      case "/healthz":
        return json(res, 200, { ok: true, uptimeSeconds: Math.round((Date.now() - started) / 1000) });
      case "/readyz": {
        const readiness = routes.readiness();
        return json(res, readiness.ready ? 200 : 503, readiness);
      }
      case "/metrics": {
        const { contentType, body } = await routes.metrics();
        res.writeHead(200, { "content-type": contentType });
        res.end(body);
        return;
      }
      case "/status":
        return json(res, 200, redactValue(routes.status()));
      default:
        return json(res, 404, { error: "not found", paths: ["/healthz", "/readyz", "/metrics", "/status"] });
    }
  }

  return {
    async listen(): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: NodeJS.ErrnoException) => {
          reject(
            new HttpServerError(
              "http-listen-failed",
              `cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`,
              "choose a free port with GATEWAY_HTTP_PORT / --http-port, or stop what uses it",
              { cause: error },
            ),
          );
        };
        server.once("error", onError);
        server.listen(options.port, options.host, () => {
          server.off("error", onError);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      return `http://${address.address}:${address.port}`;
    },
    close(): Promise<void> {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(`${JSON.stringify(body)}\n`);
}
