import type { AgentSettings } from "./agent-settings.js";
import type { Confidence } from "./answer-confidence.js";
import type { RichMessage } from "./rich/rich-types.js";

export interface AnswerSource {
  path: string;
  locale: string;
  title: string;
  url: string;
  /** Relevance of the page to the question (comparable within one answer only). */
  score: number;
}

/**
 * One reply to a question. Contract: `answer` never rejects because of the wiki: when the wiki
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
  /** Where the answer came from: the local index, the wiki's own title search, or nowhere. */
  via: "index" | "wiki-search" | "none";
  error?: unknown;
}

/** A page picked from choices, as the choices named it. */
export interface PageRef {
  path: string;
  locale: string;
  title: string;
}

export interface Answerer {
  answer(question: string, agent: AgentSettings): Promise<Answer>;
  /**
   * The chosen page's answer to the question (its best passages for it, or its opening passage).
   * Same error contract as `answer`; `found` is false when the page is gone.
   */
  answerPage(question: string, page: PageRef, agent: AgentSettings): Promise<Answer>;
}
