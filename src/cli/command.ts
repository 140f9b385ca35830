import { type ParseArgsConfig, parseArgs } from "node:util";
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
  run(args: string[], io: CliIo): Promise<number>;
}

export class UsageError extends GatewayError {
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

/** Settings flags every command accepts, passed through to convict. */
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
  "stop-timeout-ms": { type: "string" },
  "index-refresh-seconds": { type: "string" },
  "wiki-timeout-ms": { type: "string" },
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
