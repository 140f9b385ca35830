import convict from "convict";
import { ConfigError, type ConfigProblem } from "./config-error.js";
import {
  ANY_TEXT,
  HTTP_URL,
  HTTP_URL_OR_EMPTY,
  NOT_EMPTY,
  oneOf,
  REDIS_URL_OR_EMPTY,
  type SettingFormat,
  TRUE_OR_FALSE,
  wholeNumber,
} from "./setting-formats.js";

/**
 * Process settings: where things are, not how the bots behave (that is gateway.json).
 *
 * Contract: this is the only module that reads `process.env`. Every setting has an environment
 * variable, a default and a doc string; commands that need one also take the matching flag
 * (`--config`, `--state-dir`, ...), which wins over the environment. Each `format` bounds what is
 * accepted (setting-formats.ts); a value outside it is refused with the variable, the flag, the
 * value given and what to give, never used.
 */
const schema = {
  configPath: {
    doc: "Path of gateway.json, the bots' configuration.",
    format: NOT_EMPTY,
    default: "config/gateway.json",
    env: "GATEWAY_CONFIG",
    arg: "config",
  },
  stateDir: {
    doc: "State directory: pairing requests and approvals, update journals, the wiki search index.",
    format: NOT_EMPTY,
    default: "./state",
    env: "GATEWAY_STATE_DIR",
    arg: "state-dir",
  },
  logLevel: {
    doc: "Log level: fatal, error, warn, info, debug or trace.",
    format: oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
    default: "info",
    env: "LOG_LEVEL",
    arg: "log-level",
  },
  logFormat: {
    doc: "Log format: json, pretty, or auto (pretty when stdout is a terminal).",
    format: oneOf(["json", "pretty", "auto"]),
    default: "auto",
    env: "LOG_FORMAT",
    arg: "log-format",
  },
  httpHost: {
    doc: "Address of the health/metrics HTTP server (0.0.0.0 in the container image).",
    format: NOT_EMPTY,
    default: "127.0.0.1",
    env: "GATEWAY_HTTP_HOST",
    arg: "http-host",
  },
  httpPort: {
    doc: "Port of the health/metrics HTTP server (0 picks a free port).",
    format: wholeNumber(0, 65535, ""),
    default: 8080,
    env: "GATEWAY_HTTP_PORT",
    arg: "http-port",
  },
  wikiUrl: {
    doc: "Base URL of the Wiki.js server; the gateway talks only to {WIKI_URL}/graphql.",
    format: HTTP_URL,
    default: "http://127.0.0.1:3000",
    env: "WIKI_URL",
    arg: "wiki-url",
  },
  wikiTokenFile: {
    doc: "File holding the Wiki.js API key (a JWT). Read from a file so it is never cut short.",
    format: NOT_EMPTY,
    default: "./secrets/wiki-token",
    env: "WIKI_TOKEN_FILE",
    arg: "wiki-token-file",
  },
  telegramApiRoot: {
    doc: "Root of the Telegram Bot API (the sandbox sets its own).",
    format: HTTP_URL,
    default: "https://api.telegram.org",
    env: "TELEGRAM_API_ROOT",
    arg: "telegram-api-root",
  },
  telegramPollTimeout: {
    doc: "Long-poll timeout of getUpdates, in seconds (Telegram allows up to 50).",
    format: wholeNumber(1, 50, "seconds"),
    default: 30,
    env: "TELEGRAM_POLL_TIMEOUT",
    arg: "telegram-poll-timeout",
  },
  telegramPacing: {
    doc: "Keep Telegram's flood limits with an outgoing queue per account (false: send at once and rely on 429 retries).",
    format: TRUE_OR_FALSE,
    default: true,
    env: "TELEGRAM_PACING",
    arg: "telegram-pacing",
  },
  telegramBacklogLimit: {
    doc: "Most updates one account holds in memory waiting for their chat's turn (the journal keeps them too); past it, fetching waits.",
    format: wholeNumber(1, 1_000_000, "updates"),
    default: 2000,
    env: "TELEGRAM_BACKLOG_LIMIT",
    arg: "telegram-backlog-limit",
  },
  telegramResponseMaxBytes: {
    doc: "Largest answer read from the Telegram Bot API (a getUpdates batch included), in bytes; a larger one is refused (telegram-response-too-large) and the call retried.",
    format: wholeNumber(1024 * 1024, 1024 ** 3, "bytes"),
    default: 4 * 1024 * 1024,
    env: "TELEGRAM_RESPONSE_MAX_BYTES",
    arg: "telegram-response-max-bytes",
  },
  busyChatSeconds: {
    doc: "A busy chat's bound, in seconds: questions its pace (a group: 20 a minute) cannot answer within it are not answered, their askers are told once (0: never; needs the outgoing queue).",
    format: wholeNumber(0, 3600, "seconds"),
    default: 120,
    env: "TELEGRAM_BUSY_CHAT_SECONDS",
    arg: "telegram-busy-chat-seconds",
  },
  stopTimeoutMs: {
    doc: "How long a graceful stop waits for messages in flight, in milliseconds.",
    format: wholeNumber(0, 600_000, "milliseconds"),
    default: 10_000,
    env: "GATEWAY_STOP_TIMEOUT_MS",
    arg: "stop-timeout-ms",
  },
  indexRefreshSeconds: {
    doc: "How often the local wiki search index asks the wiki for changed pages, in seconds.",
    format: wholeNumber(1, 86_400, "seconds"),
    default: 300,
    env: "WIKI_INDEX_REFRESH_SECONDS",
    arg: "index-refresh-seconds",
  },
  editorsReportSeconds: {
    doc: "How often the editors' page and digest of unanswered questions are checked for being due, in seconds (agents.<id>.unanswered).",
    format: wholeNumber(1, 86_400, "seconds"),
    default: 600,
    env: "GATEWAY_EDITORS_REPORT_SECONDS",
    arg: "editors-report-seconds",
  },
  wikiTimeoutMs: {
    doc: "Timeout of one request to the wiki, in milliseconds.",
    format: wholeNumber(100, 600_000, "milliseconds"),
    default: 10_000,
    env: "WIKI_TIMEOUT_MS",
    arg: "wiki-timeout-ms",
  },
  wikiWriteTimeoutMs: {
    doc: "Timeout of a page create or update, in milliseconds (a real wiki renders the page first); never resent.",
    format: wholeNumber(100, 600_000, "milliseconds"),
    default: 60_000,
    env: "WIKI_WRITE_TIMEOUT_MS",
    arg: "wiki-write-timeout-ms",
  },
  wikiResponseMaxBytes: {
    doc: "Largest GraphQL answer read from the wiki, in bytes, counted while it arrives (before it is parsed); a larger one is refused (wiki-response-too-large). A page's own answer is read up to WIKI_PAGE_MAX_BYTES instead.",
    format: wholeNumber(1024 * 1024, 1024 ** 3, "bytes"),
    default: 16 * 1024 * 1024,
    env: "WIKI_RESPONSE_MAX_BYTES",
    arg: "wiki-response-max-bytes",
  },
  wikiPageMaxBytes: {
    doc: "Most of a page's content that is read and indexed, in bytes; a longer page is indexed up to it and named in `doctor` and `report` (wiki-page-too-large).",
    format: wholeNumber(64 * 1024, 256 * 1024 * 1024, "bytes"),
    default: 2 * 1024 * 1024,
    env: "WIKI_PAGE_MAX_BYTES",
    arg: "wiki-page-max-bytes",
  },
  answerCacheBytes: {
    doc: "Most memory the cache of repeated questions' answers may hold, in bytes (least recently used go first).",
    format: wholeNumber(0, 4 * 1024 ** 3, "bytes"),
    default: 16 * 1024 * 1024,
    env: "GATEWAY_ANSWER_CACHE_BYTES",
    arg: "answer-cache-bytes",
  },
  modelUrl: {
    doc: "An OpenAI-compatible model server (root ending in /v1) for every agent that names no model in gateway.json: a shortcut for the demo and `ask`. Empty: only the models gateway.json names.",
    format: HTTP_URL_OR_EMPTY,
    default: "",
    env: "MODEL_URL",
    arg: "model-url",
  },
  modelId: {
    doc: "The model id to use at MODEL_URL; empty: the first the server lists at /v1/models.",
    format: ANY_TEXT,
    default: "",
    env: "MODEL_ID",
    arg: "model-id",
  },
  modelLogPrompts: {
    doc: "Log each model call's prompt and reply (at info level), redacted: tokens, keys, e-mail addresses, phone numbers and ids removed. For debugging a model; false: prompts and replies are never logged, at any LOG_LEVEL.",
    format: TRUE_OR_FALSE,
    default: false,
    env: "MODEL_LOG_PROMPTS",
    arg: "model-log-prompts",
  },
  redisUrl: {
    doc: "Redis URL (redis://[:password@]host:port[/db]); set, it turns on cluster mode: replicas share the accounts, journals and pairing through Redis. Empty: one process with local files.",
    format: REDIS_URL_OR_EMPTY,
    default: "",
    env: "GATEWAY_REDIS_URL",
    arg: "redis-url",
    /** May hold a password: never shown in a message. */
    sensitive: true,
  },
  replicaId: {
    doc: "This replica's id in cluster mode, unique among the replicas (empty: host name and process id).",
    format: ANY_TEXT,
    default: "",
    env: "GATEWAY_REPLICA_ID",
    arg: "replica-id",
  },
  leaseTtlMs: {
    doc: "Cluster mode: lifetime of an account's lease and of a replica's heartbeat, in milliseconds; a dead replica's accounts are taken over after about this long.",
    format: wholeNumber(1_000, 600_000, "milliseconds"),
    default: 15_000,
    env: "GATEWAY_LEASE_TTL_MS",
    arg: "lease-ttl-ms",
  },
  leaseMarginMs: {
    doc: "Cluster mode: safety margin of a lease, in milliseconds: clock drift against Redis over one TTL plus one request's network delay. Polling stops this long before the lease could expire.",
    format: wholeNumber(0, 600_000, "milliseconds"),
    default: 2_000,
    env: "GATEWAY_LEASE_MARGIN_MS",
    arg: "lease-margin-ms",
  },
} as const satisfies Record<string, SettingSpec>;

interface SettingSpec {
  doc: string;
  format: SettingFormat;
  default: string | number | boolean;
  env: string;
  arg: string;
  sensitive?: boolean;
}

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
  telegramBacklogLimit: number;
  telegramResponseMaxBytes: number;
  busyChatSeconds: number;
  stopTimeoutMs: number;
  indexRefreshSeconds: number;
  editorsReportSeconds: number;
  wikiTimeoutMs: number;
  wikiWriteTimeoutMs: number;
  wikiResponseMaxBytes: number;
  wikiPageMaxBytes: number;
  answerCacheBytes: number;
  modelUrl: string;
  modelId: string;
  modelLogPrompts: boolean;
  redisUrl: string;
  replicaId: string;
  leaseTtlMs: number;
  leaseMarginMs: number;
}

/**
 * Reads settings from the environment and the given command-line flags (a flag wins), and checks
 * each against its format. Contract: resolves only with settings inside their bounds; otherwise
 * throws a ConfigError `config-settings` listing every refused one (commands exit 2 on it).
 */
export function loadSettings(
  args: readonly string[] = [],
  env: Record<string, string | undefined> = process.env,
): Settings {
  const specs: Record<string, SettingSpec> = schema;
  const convictSchema = Object.fromEntries(
    Object.entries(specs).map(([key, spec]) => [key, { ...spec, format: spec.format.name }]),
  );
  const config = convict<Settings>(convictSchema as convict.Schema<Settings>, { args: [...args], env });
  const problems = Object.entries(specs).flatMap(([key, spec]) =>
    spec.format.accepts(config.get(key as keyof Settings)) ? [] : [settingProblem(spec, args, env)],
  );
  if (problems.length > 0) {
    throw new ConfigError(
      "config-settings",
      `${problems.length} process setting(s) refused`,
      "give each setting named a value it accepts (`wiki-gateway --help` lists them)",
      problems,
    );
  }
  config.validate({ allowed: "strict" });
  return config.getProperties();
}

/** A refused setting: which variable or flag gave which value, and what to give instead. */
function settingProblem(
  spec: SettingSpec,
  args: readonly string[],
  env: Record<string, string | undefined>,
): ConfigProblem {
  const flag = `--${spec.arg}`;
  const fromFlag = flagText(args, flag);
  const given = fromFlag ?? env[spec.env] ?? String(spec.default);
  const shown = spec.sensitive ? "(value not shown: it may hold a password)" : JSON.stringify(given);
  return {
    path: fromFlag !== undefined ? `${flag} (or ${spec.env})` : `${spec.env} (or ${flag})`,
    message: `${shown} is not accepted`,
    fix: `give ${spec.format.expected} (default: ${JSON.stringify(spec.default)})`,
  };
}

/** The text given to `--name value` or `--name=value`; the last one wins, as in convict. */
function flagText(args: readonly string[], flag: string): string | undefined {
  let text: string | undefined;
  args.forEach((arg, i) => {
    if (arg === flag) text = args[i + 1] ?? "";
    else if (arg.startsWith(`${flag}=`)) text = arg.slice(flag.length + 1);
  });
  return text;
}

/** The settings documentation for `--help`: flag, variable, default and doc of each. */
export function describeSettings(): string[] {
  const specs: SettingSpec[] = Object.values(schema);
  return specs.map((s) => {
    const bounds = s.format.name.startsWith("whole-number") ? `${s.format.expected}; ` : "";
    return `  --${s.arg.padEnd(22)} ${s.env.padEnd(28)} ${s.doc} (${bounds}default: ${JSON.stringify(s.default)})`;
  });
}

/** Each setting's flag, environment variable and default, for documentation checks. */
export function settingsReference(): Array<{ flag: string; env: string; default: unknown }> {
  return Object.values(schema).map((s) => ({ flag: `--${s.arg}`, env: s.env, default: s.default }));
}

/** True when the caller should print pretty logs. */
export function wantsPrettyLogs(settings: Settings, isTty: boolean): boolean {
  return settings.logFormat === "pretty" || (settings.logFormat === "auto" && isTty);
}
