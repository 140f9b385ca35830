import type { Logger } from "../log/logger.js";
import { isModelError } from "../models/model-error.js";
import { conversationAnswerMessages } from "../models/conversation-prompts.js";
import type { PromptPassage } from "../models/prompts.js";
import type { RankedPage } from "../wiki/search-index/index.js";
import type { AgentSettings } from "./agent-settings.js";
import { toSources } from "./answer-compose.js";
import type { Answer, AnswerContext } from "./answer-types.js";
import { escapeAttribute, escapeHtml } from "./format/index.js";
import { foreignLinksAsCode, type LinkCheck, linksOf } from "./format/model-links.js";
import { markupHtml, parseMarkup } from "./format/reply-markup.js";
import { draftOf, readGroundedReply } from "./grounded-reply.js";
import type { ModelLookup } from "./question-rewriter.js";
import { composeRichGrounded } from "./rich/grounded-rich.js";
import { type AnswerSink, streaming } from "./streamed-reply.js";

/**
 * What the model reads for a grounded answer: the best passage of each of the first PAGES ranked
 * pages, so that it can pick the page that answers when the ranking put it below first; then the
 * second-best passages of the leading pages, in rank order, up to PASSAGES in all. Chosen before
 * any answer was recorded: the rewrite's ranking has the right page among its first five far more
 * often than first, and eight passages of at most PASSAGE_CHARS keep a prompt around 2,000 tokens,
 * which small local models handle.
 */
const PAGES = 5;
const PASSAGES = 8;

/**
 * What came of asking the model: its answer; `declined` when it read the passages and said NO
 * ANSWER or cited none it was given (a judgement on the passages, not a failure); undefined
 * without a model for the agent, when the call failed, or when the asker's stop cut the reply
 * short before any citation (the floor).
 */
export type Grounding = { answer: Answer } | { declined: "no-answer" | "uncited" } | undefined;

export interface Grounder {
  /**
   * The model's answer from the ranked pages' passages (modelUse "answer"). Never throws for a
   * model failure.
   */
  ground(
    question: string,
    agent: AgentSettings,
    ranked: readonly RankedPage[],
    context?: AnswerContext,
  ): Promise<Grounding>;
}

interface Numbered extends PromptPassage {
  page: RankedPage;
}

/**
 * The passages numbered as the prompt numbers them: grouped by page in rank order, each page's
 * passages best first (see PAGES and PASSAGES for which are chosen). The caller leaves out the
 * variants of a page (stand-ins.ts `forPrompt`).
 */
export function numberPassages(ranked: readonly RankedPage[]): Numbered[] {
  const pages = ranked.slice(0, PAGES);
  const chosen = pages.map((page) => page.passages.slice(0, 1));
  let room = PASSAGES - chosen.reduce((n, c) => n + c.length, 0);
  for (const [i, page] of pages.entries()) {
    const more = page.passages.slice(1, 1 + Math.max(0, Math.min(room, 1)));
    chosen[i]!.push(...more);
    room -= more.length;
  }
  return pages.flatMap((page, i) =>
    chosen[i]!.map((p) => ({
      page,
      title: page.page.title,
      description: page.page.description,
      heading: p.heading,
      text: p.markdown,
    })),
  );
}

/**
 * The pages of the cited passages, once each, in the order cited; except that the page ranked
 * first, when cited, leads: the model cites in the order of its own sentences ("first `git add`,
 * then `git commit`"), while the ranking (with the rewrite's page names) says which page is about
 * the question. Measured on the dev parts of bench/answer-quality with the recorded replies:
 * in the order cited 122 of 162 dev questions had the right page first (11 confidently wrong),
 * the ranked first page leading 128 (5).
 */
function citedPages(passages: readonly Numbered[], cited: readonly number[]): RankedPage[] {
  const pages: RankedPage[] = [];
  for (const n of cited) {
    const page = passages[n - 1]!.page;
    if (!pages.includes(page)) pages.push(page);
  }
  const first = pages.indexOf(passages[0]!.page);
  if (first > 0) pages.unshift(...pages.splice(first, 1));
  return pages;
}

/** The links the model was given: those its passages hold (their titles, descriptions, texts). */
export function passageLinks(passages: readonly PromptPassage[]): LinkCheck {
  return linksOf(passages.flatMap((p) => [p.title, p.description ?? "", p.heading ?? "", p.text]));
}

/**
 * The reply as Telegram HTML: the model's text as read by readGroundedReply (its citations
 * checked), its Markdown rendered as reply-markup.ts says, all else escaped; then links built by
 * the gateway to the cited pages (citedPages: in the order cited, the first ranked page leading
 * when cited); the model's own links are never used, and a link in its text that its passages
 * do not hold is set as code, which Telegram never makes tappable (model-links.ts).
 */
export function composeGrounded(
  agent: AgentSettings,
  text: string,
  passages: readonly Numbered[],
  cited: readonly number[],
) {
  const blocks = foreignLinksAsCode(parseMarkup(text), passageLinks(passages));
  const sources = toSources(agent, citedPages(passages, cited));
  const links = sources
    .map((s) => `<a href="${escapeAttribute(s.url)}">${escapeHtml(s.title)}</a>`)
    .join(" · ");
  return {
    html: `${markupHtml(blocks)}\n\n📖 ${links}`,
    rich: composeRichGrounded(blocks, sources),
    sources,
  };
}

/**
 * The stream's sink showing each draft as draftOf reads the reply so far. Reading the whole reply
 * again for every piece would cost time growing with its square; drafts are shown at most every
 * 750 ms (docs/models.md), so the reply is read at most every DRAFT_READ_MS, and only its first
 * DRAFT_READ_CHARS (a draft shows 4,000 characters): once the reply is longer, its draft is kept
 * as it is, and a piece costs nothing more than its own length.
 */
function draftSink(stream: AnswerSink, given: number, links: LinkCheck): AnswerSink {
  let readAt = -Infinity;
  let settled = false;
  return {
    show(soFar) {
      const now = performance.now();
      if (settled || now - readAt < DRAFT_READ_MS) return;
      readAt = now;
      settled = soFar.length > DRAFT_READ_CHARS;
      stream.show(draftOf(soFar.slice(0, DRAFT_READ_CHARS), given, links));
    },
    stopped: stream.stopped,
  };
}
const DRAFT_READ_MS = 100;
const DRAFT_READ_CHARS = 8_000;

export function createGrounder(deps: { models: ModelLookup; logger?: Logger }): Grounder {
  return {
    async ground(question, agent, ranked, context) {
      const client = agent.model === undefined ? undefined : deps.models(agent.model);
      if (!client || agent.modelUse !== "answer") return undefined;
      const passages = numberPassages(ranked);
      if (passages.length === 0) return undefined;
      try {
        const given = passages.length;
        const sink = context?.stream && draftSink(context.stream, given, passageLinks(passages));
        const reply = await streaming(client, sink).complete({
          purpose: "answer",
          agent: agent.id,
          account: context?.account ?? "",
          messages: conversationAnswerMessages(question, passages, context?.earlier ?? []),
          ...(context?.signal ? { signal: context.signal } : {}),
        });
        const { text, cited, noAnswer } = readGroundedReply(reply.text, given);
        if (noAnswer || cited.length === 0) {
          client.discard(
            { purpose: "answer", agent: agent.id, account: context?.account ?? "" },
            "model-uncited-answer",
          );
          deps.logger?.info(
            { agent: agent.id, model: client.name, code: "model-uncited-answer" },
            "the model's answer cites no passage given: answered without it",
          );
          // Cut short by the asker's stop, the reply is no judgement on the passages: the floor.
          if (context?.stream?.stopped.aborted) return undefined;
          return { declined: noAnswer ? "no-answer" : "uncited" };
        }
        return {
          answer: {
            found: true,
            confidence: "confident",
            via: "model",
            ...composeGrounded(agent, text, passages, cited),
          },
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
