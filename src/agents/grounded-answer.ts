import type { Logger } from "../log/logger.js";
import { isModelError } from "../models/model-error.js";
import { answerMessages, NO_ANSWER, type PromptPassage } from "../models/prompts.js";
import type { RankedPage } from "../wiki/search-index/index.js";
import { type AgentSettings, pageUrl } from "./agent-settings.js";
import type { Answer, AnswerContext, AnswerSource } from "./answer-types.js";
import { escapeAttribute, escapeHtml } from "./format/index.js";
import type { ModelLookup } from "./question-rewriter.js";
import { composeRichGrounded } from "./rich/grounded-rich.js";
import { streaming } from "./streamed-reply.js";

/** Pages, and passages of each, given to the model for a grounded answer. */
const PAGES = 3;
const PASSAGES_PER_PAGE = 2;

export interface Grounder {
  /**
   * The model's answer from the ranked pages' passages (modelUse "answer"), or undefined for the
   * answer without a model: on any model failure, a reply citing no passage it was given, or
   * NO ANSWER. Never throws for a model failure.
   */
  ground(
    question: string,
    agent: AgentSettings,
    ranked: readonly RankedPage[],
    context?: AnswerContext,
  ): Promise<Answer | undefined>;
}

interface Numbered extends PromptPassage {
  page: RankedPage;
}

/** The passages numbered as the prompt numbers them: the best pages' best passages, in rank order. */
export function numberPassages(ranked: readonly RankedPage[]): Numbered[] {
  return ranked
    .slice(0, PAGES)
    .flatMap((page) =>
      page.passages
        .slice(0, PASSAGES_PER_PAGE)
        .map((p) => ({ page, title: page.page.title, heading: p.heading, text: p.text })),
    );
}

/** The passage numbers a reply cites, in the order first cited, keeping only 1..given. */
export function citedNumbers(reply: string, given: number): number[] {
  const cited: number[] = [];
  for (const m of reply.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(m[1]);
    if (n >= 1 && n <= given && !cited.includes(n)) cited.push(n);
  }
  return cited;
}

/**
 * The reply as Telegram HTML: the model's text escaped (citations to passages not given are
 * dropped), then links built by the gateway to the cited pages, in the order cited; the model's
 * own links are never used.
 */
export function composeGrounded(
  agent: AgentSettings,
  reply: string,
  passages: readonly Numbered[],
  cited: readonly number[],
) {
  const text = reply
    .replace(/\s?\[(\d{1,3})\]/g, (whole, n: string) => (cited.includes(Number(n)) ? whole : ""))
    .trim();
  const pages: RankedPage[] = [];
  for (const n of cited) {
    const page = passages[n - 1]!.page;
    if (!pages.some((p) => p.page.path === page.page.path && p.page.locale === page.page.locale))
      pages.push(page);
  }
  const sources: AnswerSource[] = pages.map((p) => ({
    path: p.page.path,
    locale: p.page.locale,
    title: p.page.title,
    url: pageUrl(agent, p.page),
    score: Math.round(p.score * 1000) / 1000,
  }));
  const links = sources
    .map((s) => `<a href="${escapeAttribute(s.url)}">${escapeHtml(s.title)}</a>`)
    .join(" · ");
  return { html: `${escapeHtml(text)}\n\n📖 ${links}`, rich: composeRichGrounded(text, sources), sources };
}

export function createGrounder(deps: { models: ModelLookup; logger?: Logger }): Grounder {
  return {
    async ground(question, agent, ranked, context) {
      const client = agent.model === undefined ? undefined : deps.models(agent.model);
      if (!client || agent.modelUse !== "answer") return undefined;
      const passages = numberPassages(ranked);
      if (passages.length === 0) return undefined;
      try {
        const reply = await streaming(client, context?.stream).complete({
          purpose: "answer",
          agent: agent.id,
          account: context?.account ?? "",
          messages: answerMessages(question, passages),
          ...(context?.signal ? { signal: context.signal } : {}),
        });
        const cited = citedNumbers(reply.text, passages.length);
        if (reply.text.trim().startsWith(NO_ANSWER) || cited.length === 0) {
          client.discard(
            { purpose: "answer", agent: agent.id, account: context?.account ?? "" },
            "model-uncited-answer",
          );
          deps.logger?.info(
            { agent: agent.id, model: client.name, code: "model-uncited-answer" },
            "the model's answer cites no passage given: answered without it",
          );
          return undefined;
        }
        return {
          found: true,
          confidence: "confident",
          via: "index",
          ...composeGrounded(agent, reply.text, passages, cited),
        };
      } catch (error) {
        if (!isModelError(error)) throw error;
        deps.logger?.warn(
          { agent: agent.id, model: client.name, code: error.code, remedy: error.remedy },
          error.message,
        );
        return undefined;
      }
    },
  };
}
