import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { type AgentSettings, resolveAgentSettings } from "../agents/agent-settings.js";
import { type Answer, createAnswerer } from "../agents/answer.js";
import { htmlToPlain } from "../agents/format/index.js";
import { ConfigError } from "../config/config-error.js";
import { parseConfigText } from "../config/load.js";
import { loadSettings, type Settings } from "../config/settings.js";
import { validateGatewayConfig } from "../config/validate.js";
import { errorMessage, isGatewayError } from "../errors.js";
import { createLogger } from "../log/logger.js";
import { createStateLayout } from "../state/layout.js";
import { createWikiClient } from "../wiki/client/index.js";
import { createSearchIndex, type SearchIndex } from "../wiki/index/index.js";
import type { WikiPort } from "../wiki/types.js";
import { type CliIo, type Command, parseFlags, SETTINGS_FLAGS, settingsArgs, UsageError } from "./command.js";

const usage = 'wiki-gateway ask [--agent ID] [--json] ["question"]   (no question: one per line on stdin)';
const FLAGS = { ...SETTINGS_FLAGS, agent: { type: "string" }, json: { type: "boolean" } } as const;

export interface AskDeps {
  /** The wiki to answer from; the GraphQL client on WIKI_URL / WIKI_TOKEN_FILE by default. */
  makeWiki?: (settings: Settings) => WikiPort;
  /** Where batch questions come from; process.stdin by default. */
  stdin?: () => NodeJS.ReadableStream;
}

/**
 * `ask`: answers questions the way the bots do, from the command line. The index is loaded from
 * the state directory (and refreshed from the wiki), or built and saved there. Exit 0 when
 * answered (a batch: when the wiki worked), 1 when nothing was found or the wiki failed, 2 on bad
 * usage or configuration. Answers go to stdout, progress and problems to stderr.
 */
export function createAskCommand(deps: AskDeps = {}): Command {
  return {
    name: "ask",
    summary: "answer a question (or one per line on stdin) from the wiki, as the bots would",
    usage,
    flags: FLAGS,
    async run(args, io) {
      const { values, positionals } = parseFlags(args, FLAGS, usage);
      const settings = loadSettings(settingsArgs(values), io.env);
      const agent = await chooseAgent(settings, values.agent);
      const wiki = (deps.makeWiki ?? defaultWiki)(settings);
      const index = await openIndex(settings, wiki, io);
      const answerer = createAnswerer({ index, wiki });
      const json = values.json === true;
      const question = positionals.join(" ").trim();
      if (question !== "") {
        const answer = await answerer.answer(question, agent);
        reportFailure(answer, io);
        io.out(json ? `${JSON.stringify(toJson(answer))}\n` : formatText(answer));
        return answer.found ? 0 : 1;
      }
      let failed = false;
      const lines = createInterface({ input: (deps.stdin ?? (() => process.stdin))(), crlfDelay: Infinity });
      for await (const line of lines) {
        const q = line.trim();
        if (q === "") continue;
        const answer = await answerer.answer(q, agent);
        reportFailure(answer, io);
        failed ||= answer.error !== undefined;
        io.out(
          json ? `${JSON.stringify({ question: q, ...toJson(answer) })}\n` : `${formatLine(q, answer)}\n`,
        );
      }
      return failed ? 1 : 0;
    },
  };
}

export const askCommand: Command = createAskCommand();

function defaultWiki(settings: Settings): WikiPort {
  return createWikiClient({
    baseUrl: settings.wikiUrl,
    tokenFile: settings.wikiTokenFile,
    timeoutMs: settings.wikiTimeoutMs,
  });
}

/** --agent ID from gateway.json; else the agent bound to defaultAccount; else the defaults. */
async function chooseAgent(settings: Settings, id: string | undefined): Promise<AgentSettings> {
  let text: string | undefined;
  try {
    text = await readFile(settings.configPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text === undefined) {
    if (id !== undefined) {
      throw new UsageError(
        `--agent ${id} needs gateway.json, and ${settings.configPath} does not exist`,
        usage,
      );
    }
    return resolveAgentSettings("default", undefined, settings.wikiUrl);
  }
  const result = validateGatewayConfig(parseConfigText(text, settings.configPath));
  if (!result.ok) {
    throw new ConfigError(
      "config-invalid",
      `${settings.configPath} has ${result.problems.length} problem(s)`,
      "run `wiki-gateway check` and fix the listed keys",
      result.problems,
    );
  }
  const config = result.config;
  const chosen = id ?? config.bindings.find((b) => b.match.accountId === config.defaultAccount)?.agentId;
  if (id !== undefined && !(id in config.agents)) {
    const known = Object.keys(config.agents).join(", ") || "none";
    throw new UsageError(`no agent "${id}" in ${settings.configPath} (agents: ${known})`, usage);
  }
  return resolveAgentSettings(
    chosen ?? "default",
    chosen ? config.agents[chosen] : undefined,
    settings.wikiUrl,
  );
}

/** The saved index refreshed from the wiki, or a fresh build saved for next time. */
async function openIndex(settings: Settings, wiki: WikiPort, io: CliIo): Promise<SearchIndex> {
  const logger = createLogger({ level: "warn", destination: { write: (line: string) => io.err(line) } });
  const index = createSearchIndex({ logger });
  const file = createStateLayout(settings.stateDir).indexFile;
  if (await index.load(file)) {
    try {
      const { changed, removed } = await index.refresh(wiki);
      if (changed + removed > 0) await index.save(file).catch(() => {});
    } catch (error) {
      io.err(
        `warning: the saved index could not be refreshed from the wiki (${describe(error)}); answers may be stale\n`,
      );
    }
    return index;
  }
  io.err("building the search index from the wiki…\n");
  await index.build(wiki, { concurrency: 8 });
  io.err(`indexed ${index.stats().pages} pages\n`);
  await index
    .save(file)
    .catch((error: unknown) => io.err(`warning: index not saved to ${file}: ${describe(error)}\n`));
  return index;
}

function reportFailure(answer: Answer, io: CliIo): void {
  if (answer.error !== undefined) io.err(`wiki failure: ${describe(answer.error)}\n`);
}

function describe(error: unknown): string {
  return isGatewayError(error) ? `${error.message}; fix: ${error.remedy}` : errorMessage(error);
}

function toJson(answer: Answer) {
  return {
    answer: htmlToPlain(answer.html),
    found: answer.found,
    confidence: answer.confidence,
    sources: answer.sources,
  };
}

function formatText(answer: Answer): string {
  const lines = [htmlToPlain(answer.html), ""];
  if (answer.sources.length > 0) {
    lines.push("Sources:");
    answer.sources.forEach((s, i) => lines.push(`  ${i + 1}. ${s.title} — ${s.url} (score ${s.score})`));
    lines.push("");
  }
  return lines.join("\n");
}

function formatLine(question: string, answer: Answer): string {
  const top = answer.sources[0];
  if (answer.error !== undefined) return `${question}\t(wiki failure)`;
  return top ? `${question}\t${top.title}\t${top.url}` : `${question}\t(nothing found)`;
}
