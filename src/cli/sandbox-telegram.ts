import { createTelegramSandbox } from "../sandbox/telegram/index.js";
import { applyWorld, readWorldFile, referenceWorld } from "../sandbox/telegram/world-file.js";
import { type CliIo, type Command, parseFlags, UsageError } from "./command.js";

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
    const host = values.host ?? "127.0.0.1";
    const world = values.bots ? await readWorldFile(values.bots) : referenceWorld();

    const sandbox = createTelegramSandbox();
    const { users, groups } = applyWorld(sandbox, world);
    const apiRoot = await sandbox.listen(port, host);
    const lines = [
      "Telegram sandbox is running",
      `  API root     ${apiRoot}   (set TELEGRAM_API_ROOT to this)`,
      `  control API  ${apiRoot}/__sandbox/state   (say, sent, calls, fault, reset, users)`,
      "  bots:",
      ...sandbox
        .state()
        .bots.map((b) => `    @${b.username}  token ${b.token}  privacy ${b.privacy ? "on" : "off"}`),
      ...(users.length
        ? [
            "  users:",
            ...users.map((u) => `    ${u.firstName}${u.username ? ` (@${u.username})` : ""}  id ${u.id}`),
          ]
        : []),
      ...(groups.length ? ["  groups:", ...groups.map((g) => `    ${g.title}  ${g.type}  id ${g.id}`)] : []),
      "Press Ctrl-C to stop.",
      "",
    ];
    io.out(lines.join("\n"));

    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        signal?.removeEventListener("abort", stop);
        resolve();
      };
      if (signal?.aborted) return stop();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      signal?.addEventListener("abort", stop, { once: true });
    });
    await sandbox.close();
    io.out("Telegram sandbox stopped\n");
    return 0;
  },
};
