import { join, resolve } from "node:path";
import { writeFileAtomic } from "../state/atomic-file.js";
import { createSandboxWiki } from "../sandbox/wiki/index.js";
import { readSeedFolder } from "../sandbox/wiki/seed-folder.js";
import { type CliIo, type Command, parseFlags, UsageError } from "./command.js";

const usage =
  "wiki-gateway sandbox wiki [--port N] [--host H] [--data DIR] [--token-file PATH] [--seed-dir DIR] [--write-latency-ms N]";
const FLAGS = {
  port: { type: "string" },
  host: { type: "string" },
  data: { type: "string" },
  "token-file": { type: "string" },
  "seed-dir": { type: "string" },
  "write-latency-ms": { type: "string" },
} as const;
const DEFAULT_DATA_DIR = join("state", "sandbox-wiki");

/**
 * `sandbox wiki`: runs the Wiki.js 2.5-compatible sandbox wiki standalone until SIGINT/SIGTERM.
 * Pages, keys and the signing secret persist in `--data DIR` (default `./state/sandbox-wiki`).
 * Writes a new full-access API key to the token file (mode 0600; default `<DIR>/wiki.token`) and
 * prints `GraphQL URL: …` and `Token file: …`; the key itself is never printed. `--seed-dir` adds
 * (or replaces) the Markdown files of a folder as pages before listening. `--write-latency-ms`
 * makes creates and updates answer that long after saving, like a real wiki's render.
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
    const host = values.host ?? "127.0.0.1";
    const dataDir = resolve(values.data ?? DEFAULT_DATA_DIR);
    const tokenFile = resolve(values["token-file"] ?? join(dataDir, "wiki.token"));
    const seed = values["seed-dir"] ? await readSeedFolder(resolve(values["seed-dir"])) : [];

    const writeLatencyMs = Number(values["write-latency-ms"] ?? 0);
    if (!Number.isInteger(writeLatencyMs) || writeLatencyMs < 0) {
      throw new UsageError(
        `--write-latency-ms must be a whole number of ms, got ${values["write-latency-ms"]}`,
        usage,
      );
    }
    const wiki = createSandboxWiki({ dataDir, writeLatencyMs });
    wiki.seed(seed);
    let base: string;
    try {
      base = await wiki.listen(port, host);
      await writeFileAtomic(tokenFile, `${wiki.issueKey()}\n`, 0o600);
    } catch (error) {
      await wiki.close();
      throw error;
    }
    io.out(
      [
        "Sandbox wiki (Wiki.js 2.5 GraphQL) is running",
        `GraphQL URL: ${base}/graphql`,
        `Token file: ${tokenFile}`,
        `Data dir: ${dataDir}`,
        `Pages: ${wiki.pageCount()}${seed.length ? ` (${seed.length} seeded from ${resolve(values["seed-dir"]!)})` : ""}`,
        `Use: WIKI_URL=${base} WIKI_TOKEN_FILE=${tokenFile}`,
        "Press Ctrl-C to stop.",
        "",
      ].join("\n"),
    );

    await new Promise<void>((done) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        signal?.removeEventListener("abort", stop);
        done();
      };
      if (signal?.aborted) return stop();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      signal?.addEventListener("abort", stop, { once: true });
    });
    await wiki.close();
    io.out("Sandbox wiki stopped\n");
    return 0;
  },
};
