import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { type AgentSettings, resolveAgentSettings } from "../agents/agent-settings.js";
import { type Answer, createAnswerer } from "../agents/answer.js";
import { htmlToPlain } from "../agents/format/index.js";
import { knownAgentIds } from "../config/agent-references.js";
import { readGatewayConfig } from "../config/load.js";
import { loadSettings, type Settings } from "../config/settings.js";
import { errorMessage, isGatewayError } from "../errors.js";
import type { Logger } from "../log/logger.js";
import { createStateLayout } from "../state/layout.js";
import { createLazyWiki } from "../wiki/lazy-wiki.js";
import {
  createSearchIndex,
  loadSavedIndex,
  savedIndexAgeMs,
  type SearchIndex,
  updateIndex,
} from "../wiki/search-index/index.js";
import type { WikiPort } from "../wiki/types.js";
import type { AskModels } from "./ask-models.js";
import { ASK_FLAGS as FLAGS, ASK_USAGE as usage, questionOf } from "./ask-flags.js";
import { type CliIo, type Command, parseFlags, settingsArgs, UsageError } from "./command.js";
import { releaseOptimizingCompilers } from "./optimizing-compilers.js";

export interface AskDeps {
  /** The wiki to answer from; the GraphQL client on WIKI_URL / WIKI_TOKEN_FILE by default. */
  makeWiki?: (settings: Settings) => WikiPort;
  /** Where batch questions come from; process.stdin by default. */
  stdin?: () => NodeJS.ReadableStream;
}

/**
 * `ask`: answers questions the way the bots do, from the command line. The saved index in the state
 * directory answers as it is while it is younger than the daemon's refresh interval
 * (`indexRefreshSeconds`); an older one, or any with `--refresh`, is first refreshed from the wiki;
 * with none it is built and saved there. The index's age goes to stderr and `--json`. Exit 0 when
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
      const { agent, models } = await chooseAgent(settings, values.agent);
      const wiki = (deps.makeWiki ?? lazyWikiClient)(settings);
      const logger = warningLogger(io);
      try {
        return await answerAll(await openIndex(settings, wiki, io, values.refresh === true, logger));
      } finally {
        await logger.written();
      }

      async function answerAll({ index, ageSeconds }: OpenedIndex): Promise<number> {
        // An agent that uses no model answers as with --no-model: the model modules (and the
        // check of gateway.json's model key files) are not loaded, so `ask` starts faster.
        const withModels =
          values["no-model"] === true || agent.modelUse === "off"
            ? {}
            : await (await import("./ask-models.js")).askModels(settings, models, io);
        const answerer = createAnswerer({ index, wiki, ...withModels });
        const json = values.json === true;
        const toJson = (answer: Answer) => ({ ...answerJson(answer), indexAgeSeconds: ageSeconds });
        const question = questionOf(positionals);
        if (question !== "") {
          const answer = await answerer.answer(question, agent);
          reportFailure(answer, io);
          io.out(json ? `${JSON.stringify(toJson(answer))}\n` : formatText(answer));
          return answer.found ? 0 : 1;
        }
        let failed = false;
        const lines = createInterface({
          input: (deps.stdin ?? (() => process.stdin))(),
          crlfDelay: Infinity,
        });
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
      }
    },
  };
}

export const askCommand: Command = createAskCommand();

/** The GraphQL client, loaded on the first wiki request only (a fresh saved index makes none). */
function lazyWikiClient(settings: Settings): WikiPort {
  return createLazyWiki(async () =>
    (await import("../wiki/client/client-from-settings.js")).wikiClientFromSettings(settings),
  );
}

/**
 * --agent ID, any agent gateway.json knows (an `agents` entry, a binding's, a group's or a topic's;
 * one without an entry has the defaults); else the agent bound to defaultAccount; else the defaults.
 */
async function chooseAgent(
  settings: Settings,
  id: string | undefined,
): Promise<{ agent: AgentSettings; models: AskModels }> {
  const reading = await readGatewayConfig(settings.configPath);
  const modelUrlSet = settings.modelUrl !== "";
  if (!reading.ok && reading.error.code === "config-missing") {
    if (id !== undefined) {
      throw new UsageError(
        `--agent ${id} needs gateway.json, and ${settings.configPath} does not exist`,
        usage,
      );
    }
    return {
      agent: resolveAgentSettings("default", undefined, settings.wikiUrl, modelUrlSet),
      models: { models: {}, configDir: dirname(reading.path) },
    };
  }
  if (!reading.ok) throw reading.error;
  const config = reading.config;
  const chosen = id ?? config.bindings.find((b) => b.match.accountId === config.defaultAccount)?.agentId;
  if (id !== undefined && !knownAgentIds(config).includes(id)) {
    const known = knownAgentIds(config).join(", ") || "none";
    throw new UsageError(
      `no agent "${id}" in ${settings.configPath}: not in agents, bindings, groups or topics (known: ${known})`,
      usage,
    );
  }
  const agent = resolveAgentSettings(
    chosen ?? "default",
    chosen !== undefined ? config.agents[chosen] : undefined,
    settings.wikiUrl,
    modelUrlSet,
  );
  return { agent, models: { models: config.models, configDir: dirname(reading.path) } };
}

interface OpenedIndex {
  index: SearchIndex;
  /** Seconds since the index was last built or checked against the wiki. */
  ageSeconds: number;
}

/**
 * The saved index as it is while younger than the refresh interval (no wiki request), else
 * refreshed from the wiki; with no saved index (or one of an older version), a fresh build saved
 * for next time. A build or refresh runs with V8's optimizing compilers on (optimizing-compilers.ts).
 */
async function openIndex(
  settings: Settings,
  wiki: WikiPort,
  io: CliIo,
  refresh: boolean,
  logger: Pick<Logger, "warn" | "info">,
): Promise<OpenedIndex> {
  const index = createSearchIndex({ logger });
  const file = createStateLayout(settings.stateDir).indexFile;
  if (await loadSavedIndex(index, file)) {
    const ageMs = (await savedIndexAgeMs(file)) ?? 0;
    const ageSeconds = Math.floor(ageMs / 1000);
    if (!refresh && ageMs < settings.indexRefreshSeconds * 1000) {
      io.err(
        `answering from the saved index, checked against the wiki ${formatAge(ageSeconds)} ago ` +
          `(refreshed when older than ${formatAge(settings.indexRefreshSeconds)}; --refresh: now)\n`,
      );
      return { index, ageSeconds };
    }
    releaseOptimizingCompilers(); // a refresh reads and indexes the pages that changed
    try {
      await updateIndex(index, wiki, file, { onSaveError: () => {} });
      io.err("saved index refreshed from the wiki\n");
      return { index, ageSeconds: 0 };
    } catch (error) {
      io.err(
        `warning: the saved index could not be refreshed from the wiki (${describe(error)}); ` +
          `answers may be stale (index checked ${formatAge(ageSeconds)} ago)\n`,
      );
      return { index, ageSeconds };
    }
  }
  io.err("building the search index from the wiki…\n");
  releaseOptimizingCompilers(); // a build indexes every page: long enough to repay the compilers
  await updateIndex(index, wiki, file, {
    onSaveError: (error) => io.err(`warning: index not saved to ${file}: ${describe(error)}\n`),
  });
  io.err(`indexed ${index.stats().pages} pages\n`);
  return { index, ageSeconds: 0 };
}

/** "42 s", "5 min", "3 h", "2 days": coarse enough to read at a glance. */
function formatAge(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 120 * 60) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} days`;
}

function reportFailure(answer: Answer, io: CliIo): void {
  if (answer.error !== undefined) io.err(`wiki failure: ${describe(answer.error)}\n`);
}

function describe(error: unknown): string {
  return isGatewayError(error) ? `${error.message}; fix: ${error.remedy}` : errorMessage(error);
}

function answerJson(answer: Answer) {
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

/**
 * The index's warnings, as JSON lines on stderr. The logger (pino) is loaded only when a warning
 * is written, which most runs never do: `ask` starts faster without it. `written()` resolves once
 * every warning so far is out, so none is lost when the command ends.
 */
export function warningLogger(io: CliIo): Pick<Logger, "warn" | "info"> & { written(): Promise<void> } {
  let logger: Promise<Logger> | undefined;
  let pending: Promise<void> = Promise.resolve();
  const load = () =>
    (logger ??= import("../log/logger.js").then(({ createLogger }) =>
      createLogger({ level: "warn", destination: { write: (line: string) => io.err(line) } }),
    ));
  return {
    warn: (...args: unknown[]) => {
      pending = pending.then(async () => {
        const real = await load();
        real.warn(...(args as Parameters<Logger["warn"]>));
      });
    },
    // Below the level written.
    info: () => {},
    written: () => pending,
  };
}
