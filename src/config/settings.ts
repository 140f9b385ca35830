import convict from "convict";

/**
 * Process settings: where things are, not how the bots behave (that is gateway.json).
 *
 * Contract: this is the only module that reads `process.env`. Every setting has an environment
 * variable, a default and a doc string; commands that need one also take the matching flag
 * (`--config`, `--state-dir`, ...), which wins over the environment.
 */
const schema = {
  configPath: {
    doc: "Path of gateway.json, the bots' configuration.",
    format: String,
    default: "config/gateway.json",
    env: "GATEWAY_CONFIG",
    arg: "config",
  },
  stateDir: {
    doc: "State directory: pairing requests and approvals, update journals, the wiki search index.",
    format: String,
    default: "./state",
    env: "GATEWAY_STATE_DIR",
    arg: "state-dir",
  },
  logLevel: {
    doc: "Log level: fatal, error, warn, info, debug or trace.",
    format: ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
    default: "info",
    env: "LOG_LEVEL",
    arg: "log-level",
  },
  logFormat: {
    doc: "Log format: json, pretty, or auto (pretty when stdout is a terminal).",
    format: ["json", "pretty", "auto"],
    default: "auto",
    env: "LOG_FORMAT",
    arg: "log-format",
  },
  httpHost: {
    doc: "Address of the health/metrics HTTP server (0.0.0.0 in the container image).",
    format: String,
    default: "127.0.0.1",
    env: "GATEWAY_HTTP_HOST",
    arg: "http-host",
  },
  httpPort: {
    doc: "Port of the health/metrics HTTP server (0 picks a free port).",
    format: "port",
    default: 8080,
    env: "GATEWAY_HTTP_PORT",
    arg: "http-port",
  },
  wikiUrl: {
    doc: "Base URL of the Wiki.js server; the gateway talks only to {WIKI_URL}/graphql.",
    format: String,
    default: "http://127.0.0.1:3000",
    env: "WIKI_URL",
    arg: "wiki-url",
  },
  wikiTokenFile: {
    doc: "File holding the Wiki.js API key (a JWT). Read from a file so it is never cut short.",
    format: String,
    default: "./secrets/wiki-token",
    env: "WIKI_TOKEN_FILE",
    arg: "wiki-token-file",
  },
  telegramApiRoot: {
    doc: "Root of the Telegram Bot API (the sandbox sets its own).",
    format: String,
    default: "https://api.telegram.org",
    env: "TELEGRAM_API_ROOT",
    arg: "telegram-api-root",
  },
  telegramPollTimeout: {
    doc: "Long-poll timeout of getUpdates, in seconds (Telegram allows up to 50).",
    format: "nat",
    default: 30,
    env: "TELEGRAM_POLL_TIMEOUT",
    arg: "telegram-poll-timeout",
  },
  telegramPacing: {
    doc: "Keep Telegram's flood limits with an outgoing queue per account (false: send at once and rely on 429 retries).",
    format: Boolean,
    default: true,
    env: "TELEGRAM_PACING",
    arg: "telegram-pacing",
  },
  stopTimeoutMs: {
    doc: "How long a graceful stop waits for messages in flight, in milliseconds.",
    format: "nat",
    default: 10_000,
    env: "GATEWAY_STOP_TIMEOUT_MS",
    arg: "stop-timeout-ms",
  },
  indexRefreshSeconds: {
    doc: "How often the local wiki search index asks the wiki for changed pages, in seconds.",
    format: "nat",
    default: 300,
    env: "WIKI_INDEX_REFRESH_SECONDS",
    arg: "index-refresh-seconds",
  },
  wikiTimeoutMs: {
    doc: "Timeout of one request to the wiki, in milliseconds.",
    format: "nat",
    default: 10_000,
    env: "WIKI_TIMEOUT_MS",
    arg: "wiki-timeout-ms",
  },
  wikiWriteTimeoutMs: {
    doc: "Timeout of a page create or update, in milliseconds (a real wiki renders the page first); never resent.",
    format: "nat",
    default: 60_000,
    env: "WIKI_WRITE_TIMEOUT_MS",
    arg: "wiki-write-timeout-ms",
  },
  answerCacheBytes: {
    doc: "Most memory the cache of repeated questions' answers may hold, in bytes (least recently used go first).",
    format: "nat",
    default: 16 * 1024 * 1024,
    env: "GATEWAY_ANSWER_CACHE_BYTES",
    arg: "answer-cache-bytes",
  },
  redisUrl: {
    doc: "Redis URL (redis://[:password@]host:port[/db]); set, it turns on cluster mode: replicas share the accounts, journals and pairing through Redis. Empty: one process with local files.",
    format: String,
    default: "",
    env: "GATEWAY_REDIS_URL",
    arg: "redis-url",
  },
  replicaId: {
    doc: "This replica's id in cluster mode, unique among the replicas (empty: host name and process id).",
    format: String,
    default: "",
    env: "GATEWAY_REPLICA_ID",
    arg: "replica-id",
  },
} as const;

export interface Settings {
  configPath: string;
  stateDir: string;
  logLevel: string;
  logFormat: "json" | "pretty" | "auto";
  httpHost: string;
  httpPort: number;
  wikiUrl: string;
  wikiTokenFile: string;
  telegramApiRoot: string;
  telegramPollTimeout: number;
  telegramPacing: boolean;
  stopTimeoutMs: number;
  indexRefreshSeconds: number;
  wikiTimeoutMs: number;
  wikiWriteTimeoutMs: number;
  answerCacheBytes: number;
  redisUrl: string;
  replicaId: string;
}

/** Reads settings from the environment and the given command-line flags, and validates them. */
export function loadSettings(
  args: readonly string[] = [],
  env: Record<string, string | undefined> = process.env,
): Settings {
  const config = convict<Settings>(schema, {
    args: [...args],
    env,
  });
  config.validate({ allowed: "strict" });
  return config.getProperties();
}

/** The settings documentation for `--help`: flag, variable, default and doc of each. */
export function describeSettings(): string[] {
  return Object.values(schema).map(
    (s) => `  --${s.arg.padEnd(22)} ${s.env.padEnd(28)} ${s.doc} (default: ${JSON.stringify(s.default)})`,
  );
}

/** Each setting's flag, environment variable and default, for documentation checks. */
export function settingsReference(): Array<{ flag: string; env: string; default: unknown }> {
  return Object.values(schema).map((s) => ({ flag: `--${s.arg}`, env: s.env, default: s.default }));
}

/** True when the caller should print pretty logs. */
export function wantsPrettyLogs(settings: Settings, isTty: boolean): boolean {
  return settings.logFormat === "pretty" || (settings.logFormat === "auto" && isTty);
}
