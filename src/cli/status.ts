import type { Settings } from "../config/settings.js";
import { type Command, parseFlags, readSettings, SETTINGS_FLAGS, UsageError } from "./command.js";
import { fetchStatus, StatusError, type StatusSource } from "./status-fetch.js";
import { isHealthy, renderStatus } from "./status-view.js";

const usage = "wiki-gateway status [--json] [--url http://HOST:PORT] [--http-host H] [--http-port N]";
const FLAGS = { ...SETTINGS_FLAGS, url: { type: "string" }, json: { type: "boolean" } } as const;
const TIMEOUT_MS = 5000;

/**
 * `status`: asks the running daemon for its `/status` and shows it as tables (or the JSON with
 * `--json`). The address is the daemon's operations endpoint from the same settings as `start`
 * (GATEWAY_HTTP_HOST, GATEWAY_HTTP_PORT; a wildcard host is reached on loopback), or `--url`.
 * Exit 0 when every account polls (or is disabled on purpose) and the wiki is usable; 1 when not,
 * or when the daemon cannot be reached or answers something else; 2 on bad usage.
 */
export const statusCommand: Command = {
  name: "status",
  summary: "show the running daemon's status: accounts, wiki, index, agents (exit 1 when not healthy)",
  usage,
  flags: FLAGS,
  async run(args, io) {
    const { values } = parseFlags(args, FLAGS, usage, false);
    const target =
      values.url === undefined
        ? { url: statusUrlFromSettings(readSettings(values, io.env)), source: "settings" as StatusSource }
        : { url: statusUrlFromFlag(values.url), source: "url" as StatusSource };
    const { raw, status } = await fetchStatus(target.url, target.source, TIMEOUT_MS);
    io.out(values.json ? `${JSON.stringify(raw, null, 2)}\n` : renderStatus(status));
    return isHealthy(status) ? 0 : 1;
  },
};

/** The daemon's /status from its listen settings; a wildcard listen address is reached on loopback. */
export function statusUrlFromSettings(settings: Pick<Settings, "httpHost" | "httpPort">): string {
  if (settings.httpPort === 0) {
    throw new StatusError(
      "config-http-port-unknown",
      "GATEWAY_HTTP_PORT is 0 (any free port), so the daemon's port is not known here",
      'give the port the daemon logged ("operations endpoint listening") with --http-port N or --url http://HOST:PORT',
    );
  }
  // A wildcard listens on every address, loopback included (as the image's HEALTHCHECK assumes).
  const wildcard = ["", "0.0.0.0", "::"].includes(settings.httpHost);
  const host = wildcard ? "127.0.0.1" : settings.httpHost;
  const bracketed = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${bracketed}:${settings.httpPort}/status`;
}

function statusUrlFromFlag(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--url must be an absolute URL such as http://127.0.0.1:8080, got "${value}"`,
      usage,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`--url must be an http(s) URL, got "${value}"`, usage);
  }
  return new URL("/status", url).toString();
}
