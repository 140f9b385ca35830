import type { InboundMessage } from "../core/inbound-message.js";
import type { Logger } from "../log/logger.js";
import type { SearchIndex } from "../wiki/search-index/index.js";
import type { WikiPort } from "../wiki/types.js";
import { type AgentSettings, isEditor } from "./agent-settings.js";
import type { Answer, Answerer, PageRef } from "./answer-types.js";
import { EDITOR_COMMANDS } from "../core/bot-commands.js";
import { appendCommand, editCommand, newCommand } from "./commands/edit-commands.js";
import {
  helpText,
  pageCommand,
  recentCommand,
  searchCommand,
  startText,
  whoamiText,
} from "./commands/read-commands.js";
import { FAILURE_HTML } from "./answer-compose.js";
import { splitTelegramHtml } from "./format/index.js";
import type { RichMessage } from "./rich/rich-types.js";
import { describeWikiFailure } from "./wiki-failure.js";

export { BOT_COMMANDS } from "../core/bot-commands.js";

export interface AgentReply {
  /** Telegram HTML messages, each under 4096 code points; empty = say nothing. */
  chunks: string[];
  /** For metrics: what kind of reply this was ("choices": a weak match, the closest pages offered). */
  kind: "answer" | "choices" | "not-found" | "command" | "refused" | "error";
  /** With kind "choices": the pages offered, best first (at most three), for buttons. */
  choices?: PageRef[];
  /** With kind "answer": the page that answered (what a reaction on the reply votes on). */
  page?: PageRef;
  /** With kind "answer": the same reply as a rich message (sent instead where the account sends them). */
  rich?: RichMessage;
}

export interface WikiAgent {
  handle(msg: InboundMessage, agent: AgentSettings): Promise<AgentReply>;
  /** The answer of a page picked from choices, to the question that offered it. Never rejects because of the wiki. */
  answerChoice(
    msg: InboundMessage,
    question: string,
    page: PageRef,
    agent: AgentSettings,
  ): Promise<AgentReply>;
}

/**
 * The wiki agent: commands, questions (any other text) answered by the answerer, and editors'
 * edits. Contract: `handle` never rejects because of the wiki: the user gets a short polite reply
 * (kind "error") and the failure is logged here, once, with its code and remedy.
 */
export function createWikiAgent(deps: {
  answerer: Answerer;
  index: SearchIndex;
  wiki: WikiPort;
  logger: Logger;
}): WikiAgent {
  const { logger } = deps;
  const reply = (html: string, kind: AgentReply["kind"]): AgentReply => ({
    chunks: splitTelegramHtml(html),
    kind,
  });

  /** A found answer names its answering page (the first source); otherwise "not-found". */
  const answered = (answer: Answer): AgentReply => {
    const top = answer.found ? answer.sources[0] : undefined;
    if (!top) return reply(answer.html, answer.found ? "answer" : "not-found");
    return {
      ...reply(answer.html, "answer"),
      page: { path: top.path, locale: top.locale, title: top.title },
      ...(answer.rich ? { rich: answer.rich } : {}),
    };
  };

  async function run(msg: InboundMessage, agent: AgentSettings): Promise<AgentReply> {
    const editor = isEditor(agent, msg.senderId);
    const args = msg.args;
    const command = msg.command;
    if (command === undefined) {
      const question = args.trim();
      if (question === "") return { chunks: [], kind: "command" };
      const answer = await deps.answerer.answer(question, agent);
      if (answer.error !== undefined) {
        logFailure(msg, agent, answer.error);
        return reply(answer.html, "error");
      }
      if (answer.choices && answer.choices.length > 0) {
        const choices = answer.choices.map(({ path, locale, title }) => ({ path, locale, title }));
        return { ...reply(answer.html, "choices"), choices };
      }
      return answered(answer);
    }
    if (EDITOR_COMMANDS.has(command) && !editor) {
      return reply(
        "Only this wiki's editors can change pages. Ask the operator to add your user id (send /whoami) to this agent's editors.",
        "refused",
      );
    }
    const editDeps = { index: deps.index, wiki: deps.wiki, logger };
    switch (command) {
      case "start":
        return reply(startText(agent, editor), "command");
      case "help":
        return reply(helpText(agent, editor), "command");
      case "search":
        return reply(await searchCommand(deps, agent, args), "command");
      case "page":
        return reply(await pageCommand(deps, agent, args, editor), "command");
      case "recent":
        return reply(await recentCommand(deps, agent, args), "command");
      case "whoami":
        return reply(whoamiText(msg), "command");
      case "new":
        return reply(await newCommand(editDeps, agent, args), "command");
      case "edit":
        return reply(await editCommand(editDeps, agent, args), "command");
      case "append":
        return reply(await appendCommand(editDeps, agent, args), "command");
      default:
        return reply(`I do not know /${command}. Send /help for what I can do.`, "command");
    }
  }

  function logFailure(msg: InboundMessage, agent: AgentSettings, error: unknown): void {
    logger.error(
      { account: msg.account, agent: agent.id, command: msg.command, ...describeWikiFailure(error) },
      "the wiki failed while answering",
    );
  }

  return {
    async handle(msg, agent) {
      try {
        return await run(msg, agent);
      } catch (error) {
        logFailure(msg, agent, error);
        return reply(FAILURE_HTML, "error");
      }
    },
    async answerChoice(msg, question, page, agent) {
      const answer = await deps.answerer.answerPage(question, page, agent);
      if (answer.error !== undefined) {
        logFailure(msg, agent, answer.error);
        return reply(answer.html, "error");
      }
      return answered(answer);
    },
  };
}
