import { stat } from "node:fs/promises";
import { loadSettings } from "../config/settings.js";
import { wikiClientFromSettings } from "../wiki/client/client-from-settings.js";
import {
  DEFAULT_IMPORT_CONCURRENCY,
  type ImportSummary,
  importMarkdownFolder,
  importSucceeded,
} from "../wiki/import/import-folder.js";
import { type CliIo, type Command, parseFlags, SETTINGS_FLAGS, settingsArgs, UsageError } from "./command.js";
import { createImportProgress } from "./import-progress.js";

const usage = "wiki-gateway wiki import DIR [--prefix P] [--locale L] [--concurrency N] [--dry-run] [--json]";
const IMPORT_FLAGS = {
  ...SETTINGS_FLAGS,
  prefix: { type: "string" },
  locale: { type: "string" },
  concurrency: { type: "string" },
  "dry-run": { type: "boolean" },
  json: { type: "boolean" },
} as const;

/**
 * `wiki import`: puts a folder of Markdown files into the wiki (WIKI_URL / WIKI_TOKEN_FILE) through
 * the GraphQL client. Progress on stderr, the summary on stdout. Exit 0 when every file was
 * imported, 1 when some failed (each listed with why) or the import stopped, 2 on bad usage, 130
 * when stopped by Ctrl-C (SIGINT, or the optional `signal`): the files in flight finish and the
 * summary so far is printed; a second Ctrl-C quits at once.
 */
export const wikiCommand: Omit<Command, "run"> & {
  run(args: string[], io: CliIo, signal?: AbortSignal): Promise<number>;
} = {
  name: "wiki",
  summary: "wiki tools: `wiki import DIR` imports a folder of Markdown files into the wiki",
  usage,
  subcommands: [{ name: "import", flags: IMPORT_FLAGS }],
  async run(args, io, signal) {
    const [sub, ...rest] = args;
    if (sub !== "import") throw new UsageError(`unknown wiki subcommand "${sub ?? ""}"`, usage);
    const { values, positionals } = parseFlags(rest, IMPORT_FLAGS, usage);
    const dir = positionals[0];
    if (!dir || positionals.length > 1) throw new UsageError("give exactly one folder to import", usage);
    const concurrency = Number(values.concurrency ?? DEFAULT_IMPORT_CONCURRENCY);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
      throw new UsageError(`--concurrency must be 1-64, got ${values.concurrency}`, usage);
    }
    const locale = values.locale ?? "en";
    if (!/^[a-z]{2}(-[a-z]{2,4})?$/i.test(locale))
      throw new UsageError(`--locale must look like "en" or "pt-br"`, usage);
    if (
      !(await stat(dir)
        .then((s) => s.isDirectory())
        .catch(() => false))
    ) {
      throw new UsageError(`${dir} is not a folder`, usage);
    }
    const settings = loadSettings(settingsArgs(values), io.env);
    const wiki = wikiClientFromSettings(settings, { concurrency });
    const dryRun = values["dry-run"] === true;
    io.err(
      `${dryRun ? "dry run (nothing is written): " : ""}importing ${dir} into ${wiki.graphqlUrl}${values.prefix ? ` under ${values.prefix}/` : ""}\n`,
    );
    const stop = new AbortController();
    const onSigint = () => {
      process.off("SIGINT", onSigint);
      io.err("\nstopping after the files in flight (Ctrl-C again quits at once)\n");
      stop.abort();
    };
    process.on("SIGINT", onSigint);
    const onAbort = () => stop.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    let summary: ImportSummary;
    try {
      summary = await importMarkdownFolder({
        wiki,
        dir,
        ...(values.prefix ? { prefix: values.prefix } : {}),
        locale,
        concurrency,
        dryRun,
        signal: stop.signal,
        onProgress: createImportProgress(io),
      });
    } finally {
      process.off("SIGINT", onSigint);
      signal?.removeEventListener("abort", onAbort);
    }
    if (values.json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
    else printSummary(summary, io);
    if (summary.interrupted) return 130;
    return importSucceeded(summary) ? 0 : 1;
  },
};

function printSummary(summary: ImportSummary, io: CliIo): void {
  const would = summary.dryRun ? "would be " : "";
  io.out(
    `${summary.files} files: ${summary.created} ${would}created, ${summary.updated} ${would}updated, ${summary.unchanged} unchanged, ${summary.failed.length} failed${summary.skipped ? `, ${summary.skipped} not tried` : ""} (${summary.seconds.toFixed(1)} s)\n`,
  );
  if (summary.interrupted) {
    io.out(
      "import interrupted: run the same command again to resume (pages already there and unchanged are skipped)\n",
    );
  }
  for (const f of summary.failed) io.out(`  failed: ${f.file}${f.path ? ` → ${f.path}` : ""}: ${f.reason}\n`);
  if (summary.stopped) {
    io.out(
      `import stopped [${summary.stopped.code}]: ${summary.stopped.message}\n  fix: ${summary.stopped.remedy}\n`,
    );
  }
}
