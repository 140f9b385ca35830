import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { ConfigError, type ConfigProblem, formatPath } from "./config-error.js";
import { BOT_TOKEN_PATTERN, isPlaceholderToken } from "./ids.js";
import type { GatewayConfig } from "./schema.js";
import { validateGatewayConfig } from "./validate.js";

export interface LoadedConfig {
  path: string;
  config: GatewayConfig;
  warnings: ConfigProblem[];
  /** The bot token of each enabled account, read from botToken or botTokenFile. */
  tokens: Record<string, string>;
}

/**
 * gateway.json as read, parsed and validated, before anyone decided what a problem means: the
 * daemon refuses to run, `ask` falls back to defaults when the file is missing, `pairing` only
 * warns. `error` is a ConfigError: config-missing, config-unreadable, config-json-syntax or
 * config-invalid (with every problem); `raw` is the parsed JSON when it parsed.
 */
export type ConfigReading =
  | { ok: true; path: string; config: GatewayConfig; warnings: ConfigProblem[] }
  | { ok: false; path: string; error: ConfigError; raw?: unknown };

/** The one reader of gateway.json (tokens aside). Never rejects. */
export async function readGatewayConfig(path: string): Promise<ConfigReading> {
  const absolute = resolve(path);
  let raw: unknown;
  try {
    raw = parseConfigText(await readConfigText(absolute), absolute);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { ok: false, path: absolute, error };
  }
  const result = validateGatewayConfig(raw);
  if (!result.ok) {
    const error = new ConfigError(
      "config-invalid",
      `${absolute} has ${result.problems.length} problem(s)`,
      "change the listed keys and run `wiki-gateway check` again",
      result.problems,
    );
    return { ok: false, path: absolute, error, raw };
  }
  return { ok: true, path: absolute, config: result.config, warnings: result.warnings };
}

/**
 * Reads, parses and validates gateway.json, and reads the accounts' token files.
 *
 * Contract: resolves only with a configuration that can be run; otherwise rejects with a
 * ConfigError listing every problem (`config-missing`, `config-unreadable`, `config-json-syntax`,
 * `config-invalid`). Token file paths are relative to the file's own folder.
 */
export async function loadGatewayConfig(path: string): Promise<LoadedConfig> {
  const reading = await readGatewayConfig(path);
  if (!reading.ok) throw reading.error;
  const absolute = reading.path;
  const { tokens, problems } = await readTokens(reading.config, dirname(absolute));
  if (problems.length > 0) {
    throw new ConfigError(
      "config-invalid",
      `${absolute} has ${problems.length} problem(s) with the accounts' bot tokens`,
      "fix each token listed: a file that cannot be read or holds no token, or a bot two enabled accounts share",
      problems,
    );
  }
  return { path: absolute, config: reading.config, warnings: reading.warnings, tokens };
}

async function readConfigText(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw new ConfigError(
        "config-missing",
        `configuration file ${path} does not exist`,
        "copy config/gateway.example.json there, or point GATEWAY_CONFIG / --config at your file",
        [],
        { cause },
      );
    }
    throw new ConfigError(
      "config-unreadable",
      `configuration file ${path} cannot be read (${code})`,
      "check the path and its permissions",
      [],
      { cause },
    );
  }
}

/** Parses JSON, turning a syntax error into its line and column. */
export function parseConfigText(text: string, path: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (cause) {
    const message = (cause as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? Number.NaN);
    let where = "";
    if (Number.isFinite(position)) {
      const before = text.slice(0, position).split("\n");
      where = ` at line ${before.length}, column ${before.at(-1)!.length + 1}`;
    } else {
      const lc = /line (\d+) column (\d+)/.exec(message);
      if (lc) where = ` at line ${lc[1]}, column ${lc[2]}`;
    }
    throw new ConfigError(
      "config-json-syntax",
      `${path} is not valid JSON${where}: ${message.replace(/ in JSON at position \d+.*/, "")}`,
      "fix the JSON syntax there (a missing comma or quote, or a trailing comma, is the usual cause)",
      [],
      { cause },
    );
  }
}

async function readTokens(config: GatewayConfig, baseDir: string) {
  const tokens: Record<string, string> = {};
  const problems: ConfigProblem[] = [];
  for (const [name, account] of Object.entries(config.accounts)) {
    if (account.botToken) {
      tokens[name] = account.botToken;
      continue;
    }
    const file = resolve(baseDir, account.botTokenFile!);
    const path = formatPath(["accounts", name, "botTokenFile"]);
    let token: string;
    try {
      token = (await readFile(file, "utf8")).trim();
    } catch (cause) {
      if (!account.enabled) continue;
      problems.push({
        path,
        message: `${file} cannot be read (${(cause as NodeJS.ErrnoException).code ?? "error"})`,
        fix: "create the file with the bot's token from BotFather, or fix the path (relative to gateway.json)",
      });
      continue;
    }
    if (!BOT_TOKEN_PATTERN.test(token)) {
      problems.push({
        path,
        message: isPlaceholderToken(token)
          ? `${file} holds a placeholder, not a token`
          : `${file} does not hold a bot token`,
        fix: "put the whole token from BotFather (<digits>:<35+ chars>) in the file, alone on one line",
      });
      continue;
    }
    tokens[name] = token;
  }
  // Only enabled accounts poll: a disabled one may keep the token of the bot an enabled one now runs.
  const owners = new Map<string, string>();
  for (const [name, token] of Object.entries(tokens)) {
    if (!config.accounts[name]!.enabled) continue;
    const other = owners.get(token);
    if (other) {
      problems.push({
        path: formatPath(["accounts", name]),
        message: `uses the same bot token as account "${other}": two pollers of one bot fight with 409 Conflict`,
        fix: 'give each account its own bot, or set "enabled": false on one of them',
      });
    } else owners.set(token, name);
  }
  return { tokens, problems };
}
