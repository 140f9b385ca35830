import { type CliIo, type Command, parseFlags, UsageError } from "./command.js";
import { loadSandbox } from "./sandbox-package.js";
import { untilStopped } from "./until-stopped.js";

const usage = "wiki-gateway sandbox telegram [--port N] [--host H] [--bots FILE]";
const FLAGS = { port: { type: "string" }, host: { type: "string" }, bots: { type: "string" } } as const;

/**
 * `sandbox telegram`: runs the Telegram Bot API sandbox standalone until SIGINT/SIGTERM.
 * Without --bots: the seven reference bots (`default_wiki_bot` … `pe_wiki_bot`), user Ada and a
 * supergroup with them all. Prints the API root, the control URL and every bot's token.
 *
 * Stopping: `run` resolves with 0 once the sandbox closed. It stops on SIGINT/SIGTERM, or, when
 * the optional third argument `signal` is given (tests, embedding), when that signal aborts.
 */
export const sandboxTelegramCommand: Omit<Command, "run"> & {
  run(args: string[], io: CliIo, signal?: AbortSignal): Promise<number>;
} = {
  name: "telegram",
  summary: "run the local Telegram Bot API sandbox (seven reference bots unless --bots FILE)",
  usage,
  flags: FLAGS,
  async run(args, io, signal) {
    const { values } = parseFlags(args, FLAGS, usage, false);
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be 0-65535, got ${values.port}`, usage);
    const { startTelegramSandbox } = await loadSandbox();
    const sandbox = await startTelegramSandbox({
      port,
      host: values.host ?? "127.0.0.1",
      ...(values.bots ? { worldFile: values.bots } : {}),
    });
    io.out(sandbox.banner);
    await untilStopped(signal);
    await sandbox.close();
    io.out("Telegram sandbox stopped\n");
    return 0;
  },
};
