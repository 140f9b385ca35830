import type { Answer } from "../../src/agents/answer-types.js";
import type { ConversationTurn } from "../../src/core/conversation.js";

/** The turn the pipeline keeps of an answered question: the answer's first page, or its choices. */
export function turnOf(question: string, answer: Answer, at: number): ConversationTurn {
  const pages = (answer.choices ?? (answer.found ? answer.sources.slice(0, 1) : [])).map(
    ({ path, locale, title }) => ({
      path,
      locale,
      title,
    }),
  );
  return { question, ...(answer.searched === undefined ? {} : { searched: answer.searched }), pages, at };
}
