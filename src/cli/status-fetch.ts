import type { CliCode } from "./cli-codes.js";
import { errorMessage, GatewayError } from "../errors.js";
import { type GatewayStatus, statusSchema } from "./status-schema.js";

export class StatusError extends GatewayError<CliCode> {}

/** Where the address came from, so an error can say which setting to change. */
export type StatusSource = "settings" | "url";

const REMEDY_BY_SOURCE: Record<StatusSource, string> = {
  settings:
    "check that the daemon runs (`wiki-gateway start`; in a container: `docker ps`, `docker logs`) and " +
    "listens there: it uses GATEWAY_HTTP_HOST and GATEWAY_HTTP_PORT (--http-host, --http-port); give " +
    "`status` the same settings as `start`, or its address with --url http://HOST:PORT",
  url: "check that the daemon runs (`wiki-gateway start`) and that --url names its operations endpoint (GATEWAY_HTTP_HOST:GATEWAY_HTTP_PORT of `start`)",
};

/**
 * GETs `<base>/status` and validates it. Contract: resolves with the raw JSON and its parsed form,
 * or rejects with a StatusError (`status-unreachable`, `status-http`, `status-malformed`) whose
 * message names the address tried and whose remedy names the setting to change.
 */
export async function fetchStatus(
  url: string,
  source: StatusSource,
  timeoutMs: number,
): Promise<{ raw: unknown; status: GatewayStatus }> {
  const remedy = REMEDY_BY_SOURCE[source];
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/json" },
    });
  } catch (cause) {
    throw new StatusError(
      "status-unreachable",
      `cannot reach the gateway at ${url}: ${why(cause, timeoutMs)}`,
      remedy,
      {
        cause,
      },
    );
  }
  const notGateway = `${remedy}; an answer that is not the gateway's means another service has that address`;
  if (!res.ok) {
    throw new StatusError(
      "status-http",
      `${url} answered HTTP ${res.status}, not the gateway's status`,
      notGateway,
    );
  }
  let raw: unknown;
  try {
    raw = await res.json();
  } catch (cause) {
    throw new StatusError(
      "status-malformed",
      `${url} did not answer JSON: ${errorMessage(cause)}`,
      notGateway,
      {
        cause,
      },
    );
  }
  const parsed = statusSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join(".") || "(top level)"}: ${i.message}`)
      .join("; ");
    throw new StatusError(
      "status-malformed",
      `the answer of ${url} is not a gateway status: ${problems}`,
      "run the CLI of the same version as the daemon, and check that the address is the gateway's operations endpoint",
    );
  }
  return { raw, status: parsed.data };
}

/** "connection refused", "timed out after 5000 ms", or the network error's own words. */
function why(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === "TimeoutError")
    return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string } }).cause;
  switch (cause?.code) {
    case "ECONNREFUSED":
      return "connection refused (nothing listens there)";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "unknown host";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "host unreachable";
    default:
      return cause?.code ?? errorMessage(error);
  }
}
