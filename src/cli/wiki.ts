import { stat } from "node:fs/promises";
import { loadSettings } from "../config/settings.js";
import { createWikiClient } from "../wiki/client/index.js";
import { type ImportSummary, importMarkdownFolder, importSucceeded } from "../wiki/import/import-folder.js";
import { type CliIo, type Command, parseFlags, SETTINGS_FLAGS, settingsArgs, UsageError } from "./command.js";

const usage = "wiki-gateway wiki import DIR [--prefix P] [--locale L] [--concurrency N] [--json]";
const IMPORT_FLAGS = {
  ...SETTINGS_FLAGS,
  prefix: { type: "string" },
  locale: { type: "string" },
  concurrency: { type: "string" },
  json: { type: "boolean" },
} as const;

/**
 * `wiki import`: puts a folder of Markdown files into the wiki (WIKI_URL / WIKI_TOKEN_FILE) through
 * the GraphQL client. Progress on stderr, the summary on stdout. Exit 0 when every file was
 * imported, 1 when some failed (each listed with why) or the import stopped, 2 on bad usage.
 */
export const wikiCommand: Command = {
  name: "wiki",
  summary: "wiki tools: `wiki import DIR` imports a folder of Markdown files into the wiki",
  usage,
  subcommands: [{ name: "import", flags: IMPORT_FLAGS }],
  async run(args, io) {
    const [sub, ...rest] = args;
    if (sub !== "import") throw new UsageError(`unknown wiki subcommand "${sub ?? ""}"`, usage);
    const { values, positionals } = parseFlags(rest, IMPORT_FLAGS, usage);
    const dir = positionals[0];
    if (!dir || positionals.length > 1) throw new UsageError("give exactly one folder to import", usage);
    const concurrency = Number(values.concurrency ?? 4);
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
    const wiki = createWikiClient({
      baseUrl: settings.wikiUrl,
      tokenFile: settings.wikiTokenFile,
      timeoutMs: settings.wikiTimeoutMs,
      writeTimeoutMs: settings.wikiWriteTimeoutMs,
      concurrency,
    });
    io.err(`importing ${dir} into ${wiki.graphqlUrl}${values.prefix ? ` under ${values.prefix}/` : ""}\n`);
    let shownAt = 0;
    const summary = await importMarkdownFolder({
      wiki,
      dir,
      ...(values.prefix ? { prefix: values.prefix } : {}),
      locale,
      concurrency,
      onProgress: (done, total) => {
        if (done === total || Date.now() - shownAt > 1000) {
          shownAt = Date.now();
          io.err(`  ${done}/${total} files\n`);
        }
      },
    });
    if (values.json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
    else printSummary(summary, io);
    return importSucceeded(summary) ? 0 : 1;
  },
};

function printSummary(summary: ImportSummary, io: CliIo): void {
  io.out(
    `${summary.files} files: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed.length} failed${summary.skipped ? `, ${summary.skipped} not tried` : ""} (${summary.seconds.toFixed(1)} s)\n`,
  );
  for (const f of summary.failed) io.out(`  failed: ${f.file}${f.path ? ` → ${f.path}` : ""}: ${f.reason}\n`);
  if (summary.stopped) {
    io.out(
      `import stopped [${summary.stopped.code}]: ${summary.stopped.message}\n  fix: ${summary.stopped.remedy}\n`,
    );
  }
}
