import { join, resolve } from "node:path";
import { type CliIo, type Command, parseFlags, UsageError } from "./command.js";
import { loadSandbox } from "./sandbox-package.js";
import { untilStopped } from "./until-stopped.js";

const usage =
  "wiki-gateway sandbox wiki [--port N] [--host H] [--data DIR] [--token-file PATH] [--seed-dir DIR] [--tldr]";
const FLAGS = {
  port: { type: "string" },
  host: { type: "string" },
  data: { type: "string" },
  "token-file": { type: "string" },
  "seed-dir": { type: "string" },
  tldr: { type: "boolean" },
} as const;
const DEFAULT_DATA_DIR = join("state", "sandbox-wiki");

/**
 * `sandbox wiki`: runs the Wiki.js 2.5-compatible sandbox wiki standalone until SIGINT/SIGTERM.
 * Pages, keys and the signing secret persist in `--data DIR` (default `./state/sandbox-wiki`).
 * Writes a new full-access API key to the token file (mode 0600; default `<DIR>/wiki.token`) and
 * prints `GraphQL URL: …` and `Token file: …`; the key itself is never printed. `--seed-dir` adds
 * (or replaces) the Markdown files of a folder as pages before listening; `--tldr` the tldr corpus
 * and, when they are on the machine, its translations (see WikiStandInOptions.tldr).
 *
 * Stopping: `run` resolves with 0 once the wiki closed (pending changes written). It stops on
 * SIGINT/SIGTERM, or, when the optional third argument `signal` is given (tests), when it aborts.
 */
export const sandboxWikiCommand: Omit<Command, "run"> & {
  run(args: string[], io: CliIo, signal?: AbortSignal): Promise<number>;
} = {
  name: "wiki",
  summary: "run the local Wiki.js-compatible GraphQL wiki (pages kept in --data DIR)",
  usage,
  flags: FLAGS,
  async run(args, io, signal) {
    const { values } = parseFlags(args, FLAGS, usage, false);
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new UsageError(`--port must be 0-65535, got ${values.port}`, usage);
    }
    const dataDir = resolve(values.data ?? DEFAULT_DATA_DIR);
    const { startWikiSandbox } = await loadSandbox();
    const wiki = await startWikiSandbox({
      port,
      host: values.host ?? "127.0.0.1",
      dataDir,
      tokenFile: resolve(values["token-file"] ?? join(dataDir, "wiki.token")),
      ...(values["seed-dir"] ? { seedDir: resolve(values["seed-dir"]) } : {}),
      ...(values.tldr ? { tldr: true } : {}),
    });
    io.out(wiki.banner);
    await untilStopped(signal);
    await wiki.close();
    io.out("Sandbox wiki stopped\n");
    return 0;
  },
};
