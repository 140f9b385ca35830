import type { Earlier } from "../core/conversation.js";
import type { InboundMessage } from "../core/inbound-message.js";
import type { PageRef, Reply } from "../core/reply.js";
import type { Logger } from "../log/logger.js";
import type { SearchIndex } from "../wiki/search-index/index.js";
import type { WikiPort } from "../wiki/types.js";
import { type AgentSettings, isEditor } from "./agent-settings.js";
import type { Answer, Answerer } from "./answer-types.js";
import { runCommand } from "./commands/registry.js";
import { composeFailure } from "./answer-compose.js";
import { agentTexts } from "./agent-language.js";
import { splitTelegramHtml } from "./format/index.js";
import type { AnswerSink } from "./streamed-reply.js";
import { describeWikiFailure } from "./wiki-failure.js";

export interface WikiAgent {
  /**
   * `stream`: where a model's answer to a question is shown while it is written; `earlier`: the
   * turns of its conversation before it (pipeline/conversations.ts).
   */
  handle(msg: InboundMessage, agent: AgentSettings, stream?: AnswerSink, earlier?: Earlier): Promise<Reply>;
  /** The answer of a page picked from choices, to the question that offered it. Never rejects because of the wiki. */
  answerChoice(msg: InboundMessage, question: string, page: PageRef, agent: AgentSettings): Promise<Reply>;
}

/**
 * The wiki agent: the bot commands of the registry (commands/registry.ts), and questions (any
 * other text) answered by the answerer. Contract: `handle` never rejects because of the wiki: the
 * user gets a short polite reply (kind "error") and the failure is logged here, once, with its
 * code and remedy.
 */
export function createWikiAgent(deps: {
  answerer: Answerer;
  index: SearchIndex;
  wiki: WikiPort;
  logger: Logger;
}): WikiAgent {
  const { logger } = deps;

  async function run(
    msg: InboundMessage,
    agent: AgentSettings,
    stream?: AnswerSink,
    earlier: Earlier = [],
  ): Promise<Reply> {
    if (msg.command === undefined) {
      const question = msg.args.trim();
      if (question === "") return { chunks: [], kind: "command" };
      const answer = await deps.answerer.answer(question, agent, {
        account: msg.account,
        texts: agentTexts(agent, msg.languageCode),
        ...(msg.languageCode === undefined ? {} : { language: msg.languageCode }),
        ...(stream ? { stream } : {}),
        ...(earlier.length > 0 ? { earlier } : {}),
      });
      if (answer.error !== undefined) logFailure(msg, agent, answer.error);
      return replyOf(answer);
    }
    const editor = isEditor(agent, msg.senderId);
    const commandDeps = { index: deps.index, wiki: deps.wiki, logger };
    const texts = agentTexts(agent, msg.languageCode);
    return runCommand(msg.command, { msg, agent, editor, args: msg.args, deps: commandDeps, texts });
  }

  function logFailure(msg: InboundMessage, agent: AgentSettings, error: unknown): void {
    logger.error(
      { account: msg.account, agent: agent.id, command: msg.command, ...describeWikiFailure(error) },
      "the wiki failed while answering",
    );
  }

  return {
    async handle(msg, agent, stream, earlier) {
      try {
        return await run(msg, agent, stream, earlier);
      } catch (error) {
        logFailure(msg, agent, error);
        return {
          kind: "error",
          chunks: splitTelegramHtml(composeFailure(agentTexts(agent, msg.languageCode))),
        };
      }
    },
    async answerChoice(msg, question, page, agent) {
      const texts = agentTexts(agent, msg.languageCode);
      const answer = await deps.answerer.answerPage(question, page, agent, texts, msg.languageCode);
      if (answer.error !== undefined) logFailure(msg, agent, answer.error);
      return replyOf(answer);
    },
  };
}

/**
 * The reply to what the answerer found: the wiki's failure ("error"), a weak match's choices, an
 * answer naming its answering page (the first source), or "not-found".
 */
export function replyOf(answer: Answer): Reply {
  const chunks = splitTelegramHtml(answer.html);
  if (answer.error !== undefined) return { kind: "error", chunks };
  const searched = answer.searched === undefined ? {} : { searched: answer.searched };
  if (answer.choices && answer.choices.length > 0)
    return { kind: "choices", chunks, choices: answer.choices.map(pageRef), ...searched };
  const top = answer.found ? answer.sources[0] : undefined;
  const rich = answer.rich ? { rich: answer.rich } : {};
  if (top) return { kind: "answer", chunks, page: pageRef(top), ...rich, ...searched };
  return answer.found ? { kind: "answer", chunks, ...searched } : { kind: "not-found", chunks, ...searched };
}

const pageRef = ({ path, locale, title }: PageRef): PageRef => ({ path, locale, title });
