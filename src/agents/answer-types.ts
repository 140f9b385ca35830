import type { Earlier } from "../core/conversation.js";
import type { PageRef } from "../core/reply.js";
import type { Texts } from "../i18n/index.js";
import type { AgentSettings } from "./agent-settings.js";
import type { Confidence } from "./answer-confidence.js";
import type { RichMessage } from "./rich/rich-types.js";
import type { AnswerSink } from "./streamed-reply.js";

export interface AnswerSource {
  path: string;
  locale: string;
  title: string;
  url: string;
  /** Relevance of the page to the question (comparable within one answer only). */
  score: number;
}

/**
 * What the answerer found for a question: the wiki's side, with its confidence and sources (the
 * `ask` command and the quality bench read them). The agent turns it into the Reply the user gets
 * (wiki-agent.ts, `replyOf`). Contract: `answer` never rejects because of the wiki: when the wiki
 * fails, `found` is false, `html` is a short polite reply for the user, and `error` holds the
 * failure (a GatewayError with code and remedy, from the wiki client) for the CALLER to log once.
 */
export interface Answer {
  /** A page is shown (confidence `confident` or `weak`). */
  found: boolean;
  /** How sure the answer is (answer-confidence.ts); `none` exactly when `found` is false. */
  confidence: Confidence;
  /** The whole reply, Telegram HTML (may exceed one message: split it with splitTelegramHtml). */
  html: string;
  /** The same answer as a rich message (agents/rich), for accounts that send them; absent for short replies. */
  rich?: RichMessage;
  /** The pages shown, best first: the answering page, then the "See also" ones. */
  sources: AnswerSource[];
  /**
   * A weak match from the index: the closest pages, best first (at most three), offered as
   * choices instead of an answer; `html` then lists them ("Closest pages in the wiki:").
   */
  choices?: AnswerSource[];
  /**
   * Where the answer came from: the local index, the model's answer from the index's passages
   * (modelUse "answer"), the wiki's own title search, or nowhere.
   */
  via: "index" | "model" | "wiki-search" | "none";
  /**
   * What was searched when it was not the question as typed: its twin on the other keyboard
   * layout or in Russian transliteration ("как создать архив" for "rfr cjplfnm fh[bd"). The
   * answer's html says so (searchedForNote); a client may show it with choices too.
   */
  searchedFor?: string;
  /**
   * What was searched when it was not the question as written: the model's standalone rewrite,
   * or a follow-up read with the turn before it (follow-up.ts). Kept with the conversation's turn.
   */
  searched?: string;
  error?: unknown;
}

/**
 * Who asks, for the model's token counts, a signal that cancels the model's part, and the language
 * the answer is framed in. The pages themselves are shown as the wiki holds them.
 */
export interface AnswerContext {
  account: string;
  signal?: AbortSignal;
  /** The asker's language for the answer's own words; default: the agent's (agent-language.ts). */
  texts?: Texts;
  /**
   * The asker's Telegram `language_code`: an agent of several locales prefers pages in it, and
   * notes a page in another language (asker-locales.ts).
   */
  language?: string;
  /** Where a model's answer is shown while it is written, with the asker's stop (streamed-reply.ts). */
  stream?: AnswerSink;
  /**
   * The turns before the question in its conversation (core/conversation.ts): the model's rewrite
   * and answer see them; without a model a follow-up is searched with the turn before it.
   */
  earlier?: Earlier;
}

export interface Answerer {
  /** With the agent's model (modelUse not "off"), the question's rewrite joins the search. */
  answer(question: string, agent: AgentSettings, context?: AnswerContext): Promise<Answer>;
  /**
   * The chosen page's answer to the question (its best passages for it, or its opening passage).
   * Same error contract as `answer`; `found` is false when the page is gone.
   */
  answerPage(
    question: string,
    page: PageRef,
    agent: AgentSettings,
    texts?: Texts,
    language?: string,
  ): Promise<Answer>;
}
