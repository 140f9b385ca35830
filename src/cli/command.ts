import type { CliCode } from "./cli-codes.js";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { loadSettings, type Settings } from "../config/settings.js";
import { GatewayError } from "../errors.js";
import { SETTINGS_FLAGS } from "./settings-flags.js";

export { SETTINGS_FLAGS };

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
