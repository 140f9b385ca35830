import type { Update } from "grammy/types";
import type { ChosenInlineResult, InlineQuery } from "../core/inline-query.js";

/**
 * An `inline_query` update as an InlineQuery, or undefined when the update is not one or lacks
 * its id. Never throws: every field is checked before use, whatever the types promise (an update
 * read back from the journal, or sent by a stand-in, is only checked for its envelope).
 */
export function toInlineQuery(update: Update, account: string): InlineQuery | undefined {
  const raw = update.inline_query;
  if (typeof raw !== "object" || raw === null || typeof raw.id !== "string" || raw.id === "")
    return undefined;
  const from = typeof raw.from === "object" && raw.from !== null ? raw.from : undefined;
  const query: InlineQuery = {
    account,
    updateId: update.update_id,
    queryId: raw.id,
    senderIsBot: from?.is_bot === true,
    query: typeof raw.query === "string" ? raw.query : "",
  };
  if (typeof from?.id === "number") query.senderId = from.id;
  if (typeof from?.language_code === "string" && from.language_code !== "")
    query.languageCode = from.language_code;
  if (typeof raw.chat_type === "string") query.chatType = raw.chat_type;
  return query;
}

/** A `chosen_inline_result` update as a ChosenInlineResult, or undefined when it is not one. */
export function toChosenInlineResult(update: Update, account: string): ChosenInlineResult | undefined {
  const raw = update.chosen_inline_result;
  if (typeof raw !== "object" || raw === null || typeof raw.result_id !== "string") return undefined;
  const from = typeof raw.from === "object" && raw.from !== null ? raw.from : undefined;
  const chosen: ChosenInlineResult = {
    account,
    updateId: update.update_id,
    resultId: raw.result_id,
    query: typeof raw.query === "string" ? raw.query : "",
  };
  if (typeof from?.id === "number") chosen.senderId = from.id;
  return chosen;
}
