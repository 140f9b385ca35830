import { createInterface } from "node:readline";
import { type AgentSettings, resolveAgentSettings } from "../agents/agent-settings.js";
import { type Answer, createAnswerer } from "../agents/answer.js";
import { htmlToPlain } from "../agents/format/index.js";
import { readGatewayConfig } from "../config/load.js";
import { loadSettings, type Settings } from "../config/settings.js";
import { errorMessage, isGatewayError } from "../errors.js";
import { createLogger } from "../log/logger.js";
import { createStateLayout } from "../state/layout.js";
import { wikiClientFromSettings } from "../wiki/client/client-from-settings.js";
import {
  createSearchIndex,
  loadSavedIndex,
  type SearchIndex,
  updateIndex,
} from "../wiki/search-index/index.js";
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
      const wiki = (deps.makeWiki ?? wikiClientFromSettings)(settings);
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

/** --agent ID from gateway.json; else the agent bound to defaultAccount; else the defaults. */
async function chooseAgent(settings: Settings, id: string | undefined): Promise<AgentSettings> {
  const reading = await readGatewayConfig(settings.configPath);
  if (!reading.ok && reading.error.code === "config-missing") {
    if (id !== undefined) {
      throw new UsageError(
        `--agent ${id} needs gateway.json, and ${settings.configPath} does not exist`,
        usage,
      );
    }
    return resolveAgentSettings("default", undefined, settings.wikiUrl);
  }
  if (!reading.ok) throw reading.error;
  const config = reading.config;
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
  if (await loadSavedIndex(index, file)) {
    try {
      await updateIndex(index, wiki, file, { onSaveError: () => {} });
    } catch (error) {
      io.err(
        `warning: the saved index could not be refreshed from the wiki (${describe(error)}); answers may be stale\n`,
      );
    }
    return index;
  }
  io.err("building the search index from the wiki…\n");
  await updateIndex(index, wiki, file, {
    onSaveError: (error) => io.err(`warning: index not saved to ${file}: ${describe(error)}\n`),
  });
  io.err(`indexed ${index.stats().pages} pages\n`);
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
