import { loadSettings } from "../config/settings.js";
import { createWikiClient } from "../wiki/client/index.js";
import { importMarkdownFolder } from "../wiki/import/import-folder.js";
import { type Command, parseFlags, SETTINGS_FLAGS, settingsArgs, UsageError } from "./command.js";

const usage = "wiki-gateway wiki import DIR [--prefix P] [--locale L] [--concurrency N] [--json]";

/**
 * `wiki import`: puts a folder of Markdown files into the wiki (WIKI_URL / WIKI_TOKEN_FILE) through
 * the GraphQL client. Exit 0 when every file was imported, 1 when some failed (listed with why).
 */
export const wikiCommand: Command = {
  name: "wiki",
  summary: "wiki tools: `wiki import DIR` imports a folder of Markdown files into the wiki",
  usage,
  async run(args, io) {
    const [sub, ...rest] = args;
    if (sub !== "import") throw new UsageError(`unknown wiki subcommand "${sub ?? ""}"`, usage);
    const { values, positionals } = parseFlags(
      rest,
      {
        ...SETTINGS_FLAGS,
        prefix: { type: "string" },
        locale: { type: "string" },
        concurrency: { type: "string" },
        json: { type: "boolean" },
      },
      usage,
    );
    const dir = positionals[0];
    if (!dir || positionals.length > 1) throw new UsageError("give exactly one folder to import", usage);
    const settings = loadSettings(settingsArgs(values), io.env);
    const wiki = createWikiClient({
      baseUrl: settings.wikiUrl,
      tokenFile: settings.wikiTokenFile,
      timeoutMs: settings.wikiTimeoutMs,
    });
    let lastShown = 0;
    const summary = await importMarkdownFolder({
      wiki,
      dir,
      ...(values.prefix ? { prefix: values.prefix } : {}),
      locale: values.locale ?? "en",
      concurrency: Number(values.concurrency ?? 8),
      onProgress: (done, total) => {
        if (done === total || Date.now() - lastShown > 1000) {
          lastShown = Date.now();
          io.err(`imported ${done}/${total}\n`);
        }
      },
    });
    if (values.json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      io.out(
        `${summary.files} files: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed.length} failed (${summary.seconds.toFixed(1)} s)\n`,
      );
      for (const f of summary.failed)
        io.out(`  failed: ${f.file}${f.path ? ` → ${f.path}` : ""}: ${f.reason}\n`);
    }
    return summary.failed.length === 0 ? 0 : 1;
  },
};
