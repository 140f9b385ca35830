import { describeSettings } from "../config/settings.js";
import { errorMessage, isGatewayError } from "../errors.js";
import { redactSecrets } from "../log/redact.js";
import type { CliIo, Command } from "./command.js";

/**
 * A command as the CLI lists it: its name and summary, and how to load it. Each command's module
 * (and what it imports: grammY, the HTTP server, watchers…) is loaded only when that command runs,
 * so `ask` starts without the daemon's dependencies. A test keeps the summaries here equal to the
 * commands' own.
 */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

const entry = (name: string, summary: string, load: () => Promise<Command>): CommandEntry => ({
  name,
  summary,
  load,
});

const BASE: readonly CommandEntry[] = [
  entry(
    "start",
    "run the gateway daemon (all enabled accounts, health/metrics HTTP server)",
    async () => (await import("./start.js")).startCommand,
  ),
  entry(
    "status",
    "show the running daemon's status: accounts, wiki, index, agents (exit 1 when not healthy)",
    async () => (await import("./status.js")).statusCommand,
  ),
  entry(
    "check",
    "validate gateway.json and print a summary of accounts, policies, groups and agents",
    async () => (await import("./check.js")).checkCommand,
  ),
  entry(
    "doctor",
    "check Telegram accounts, webhooks, privacy mode, groups, the wiki token and rights, the state directory",
    async () => (await import("./doctor.js")).doctorCommand,
  ),
  entry(
    "pairing",
    "list, approve, deny and revoke DM pairing requests and approved users",
    async () => (await import("./pairing.js")).pairingCommand,
  ),
  entry(
    "ask",
    "answer a question (or one per line on stdin) from the wiki, as the bots would",
    async () => (await import("./ask.js")).askCommand,
  ),
  entry(
    "report",
    "questions the wiki left unanswered, the pages picked from choices, votes, and the tokens models used",
    async () => (await import("./report.js")).reportCommand,
  ),
  entry(
    "wiki",
    "wiki tools: `wiki import DIR` imports a folder of Markdown files into the wiki",
    async () => (await import("./wiki.js")).wikiCommand,
  ),
  entry(
    "demo",
    "run the whole product locally (sandbox Telegram + sandbox wiki + the daemon + a chat page)",
    async () => (await import("./demo.js")).demoCommand,
  ),
  entry(
    "sandbox",
    "run a local stand-in: `sandbox telegram` (Bot API server) or `sandbox wiki` (Wiki.js GraphQL)",
    async () => (await import("./sandbox.js")).sandboxCommand,
  ),
];

export const COMMANDS: readonly CommandEntry[] = [
  ...BASE,
  entry(
    "completion",
    "print the shell completion script: `completion bash` or `completion zsh`",
    async () => {
      const { createCompletionCommand } = await import("./completion.js");
      const others = await Promise.all(BASE.map((c) => c.load()));
      const self: Command = createCompletionCommand(() => [...others, self]);
      return self;
    },
  ),
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
  const listed = COMMANDS.find((c) => c.name === name);
  if (!listed) {
    io.err(`unknown command "${name}"\n\n${helpText()}`);
    return 2;
  }
  const command = await listed.load();
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
