import type { CliCode } from "./cli-codes.js";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { loadSettings, type Settings } from "../config/settings.js";
import { GatewayError } from "../errors.js";

/** Where a command writes; tests pass buffers. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  isTty: boolean;
}

/**
 * One CLI command. Contract: `run` resolves with the process exit code (0 success, 1 a failure the
 * command found, 2 bad usage or bad configuration) and never calls process.exit itself, except
 * long-running commands (`start`, `demo`, `sandbox`) which resolve when they have stopped.
 */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** The flags `run` accepts (the table it passes to parseFlags); shell completion offers them. */
  flags?: FlagTable;
  /** Sub-commands (the first positional argument), each with the flags it takes. */
  subcommands?: readonly Subcommand[];
  run(args: string[], io: CliIo): Promise<number>;
}

/** Flag name (without `--`) → whether it takes a value. */
export type FlagTable = Readonly<Record<string, { readonly type: "string" | "boolean" }>>;

export interface Subcommand {
  name: string;
  flags?: FlagTable;
}

export class UsageError extends GatewayError<CliCode> {
  constructor(message: string, usage: string) {
    super("usage", message, `usage: ${usage}`);
  }
}

/** node:util parseArgs with the gateway's error style. Unknown flags are a UsageError. */
export function parseFlags<T extends NonNullable<ParseArgsConfig["options"]>>(
  args: string[],
  options: T,
  usage: string,
  allowPositionals = true,
) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (cause) {
    throw new UsageError((cause as Error).message, usage);
  }
}

/** Settings flags every command accepts, passed through to convict (a test keeps them equal to the settings' flags). */
export const SETTINGS_FLAGS = {
  config: { type: "string" },
  "state-dir": { type: "string" },
  "log-level": { type: "string" },
  "log-format": { type: "string" },
  "http-host": { type: "string" },
  "http-port": { type: "string" },
  "wiki-url": { type: "string" },
  "wiki-token-file": { type: "string" },
  "telegram-api-root": { type: "string" },
  "telegram-poll-timeout": { type: "string" },
  "telegram-pacing": { type: "string" },
  "telegram-backlog-limit": { type: "string" },
  "telegram-busy-chat-seconds": { type: "string" },
  "stop-timeout-ms": { type: "string" },
  "index-refresh-seconds": { type: "string" },
  "wiki-timeout-ms": { type: "string" },
  "wiki-write-timeout-ms": { type: "string" },
  "answer-cache-bytes": { type: "string" },
  "model-url": { type: "string" },
  "model-id": { type: "string" },
  "model-log-prompts": { type: "string" },
  "redis-url": { type: "string" },
  "replica-id": { type: "string" },
  "lease-ttl-ms": { type: "string" },
  "lease-margin-ms": { type: "string" },
} as const;

/** Rebuilds `--name value` pairs for the settings flags that were given. */
export function settingsArgs(values: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const name of Object.keys(SETTINGS_FLAGS)) {
    const value = values[name];
    if (typeof value === "string") out.push(`--${name}`, value);
  }
  return out;
}

/** The process settings from the given flags and the environment; a bad one is a `config-settings` error. */
export function readSettings(
  values: Record<string, unknown>,
  env: Record<string, string | undefined>,
): Settings {
  return loadSettings(settingsArgs(values), env);
}
