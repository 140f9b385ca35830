import type { Earlier } from "../core/conversation.js";
import type { Logger } from "../log/logger.js";
import type { SearchIndex } from "../wiki/search-index/index.js";
import type { AgentSettings } from "./agent-settings.js";
import { readFollowUp } from "./follow-up.js";

/** What a question is searched as, and what the answer says it understood. */
export interface SearchPlan {
  /** The text ranked: the question, or a follow-up read with the turn before it. */
  text: string;
  /** What was searched when not the question as written (kept with the turn). */
  searched?: string;
  /** A follow-up read without a model: the title (else question) of the turn it follows. */
  followingUp?: string;
}

/**
 * How a question is searched. With the model's words (its rewrite saw the earlier turns) the
 * question is ranked with them; without, a follow-up of the turn before (follow-up.ts) is ranked
 * as that turn's search text and the message together, and anything else alone. The choice is
 * logged at debug, with why and never the question.
 */
export function planSearch(
  index: Pick<SearchIndex, "directory">,
  question: string,
  agent: AgentSettings,
  asked: { words: string | undefined; earlier: Earlier; logger: Pick<Logger, "debug"> | undefined },
): SearchPlan {
  if (asked.words !== undefined) return { text: question, searched: asked.words };
  if (asked.earlier.length === 0) return { text: question };
  const directory = index.directory();
  const locales = agent.locales.includes("*") ? [agent.locale] : agent.locales;
  const reading = readFollowUp(question, asked.earlier, (word) =>
    locales.some((locale) => directory.titled(word, locale).length > 0),
  );
  asked.logger?.debug(
    { agent: agent.id, reading: reading.as, why: reading.why },
    "a message read in its conversation",
  );
  if (reading.as === "alone") return { text: question };
  const topic = reading.topic.pages[0]?.title ?? reading.topic.question;
  return { text: reading.query, searched: reading.query, followingUp: topic };
}
