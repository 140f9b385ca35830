import { describeSettings } from "../config/settings.js";
import { errorMessage, isGatewayError } from "../errors.js";
import { redactSecrets } from "../log/redact.js";
import { askCommand } from "./ask.js";
import { checkCommand } from "./check.js";
import type { CliIo, Command } from "./command.js";
import { createCompletionCommand } from "./completion.js";
import { demoCommand } from "./demo.js";
import { doctorCommand } from "./doctor.js";
import { pairingCommand } from "./pairing.js";
import { sandboxCommand } from "./sandbox.js";
import { startCommand } from "./start.js";
import { statusCommand } from "./status.js";
import { wikiCommand } from "./wiki.js";

export const COMMANDS: readonly Command[] = [
  startCommand,
  statusCommand,
  checkCommand,
  doctorCommand,
  pairingCommand,
  askCommand,
  wikiCommand,
  demoCommand,
  sandboxCommand,
  createCompletionCommand(() => COMMANDS),
];

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "wiki-gateway: Telegram bots that answer from a Wiki.js knowledge base",
    "",
    "Usage: wiki-gateway <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Settings (flag, environment variable, meaning):",
    ...describeSettings(),
    "",
    "Run `wiki-gateway <command> --help` for a command's options.",
    "",
  ].join("\n");
}

export function processIo(): CliIo {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    env: process.env,
    isTty: Boolean(process.stdout.isTTY),
  };
}

/** Runs one CLI invocation and resolves with its exit code. Errors are printed, never thrown. */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.out(helpText());
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-v") {
    io.out("wiki-gateway 0.1.0\n");
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`unknown command "${name}"\n\n${helpText()}`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(`${command.summary}\n\nUsage: ${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (isGatewayError(error)) {
      io.err(`${redactSecrets(error.describe())}\n`);
      return error.code === "usage" || error.code.startsWith("config") ? 2 : 1;
    }
    io.err(`wiki-gateway ${name}: ${redactSecrets(errorMessage(error))}\n`);
    return 1;
  }
}
