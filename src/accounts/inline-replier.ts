import { type Api, GrammyError } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import type { InlineAnswer, InlineReplier } from "../core/inline-query.js";
import type { Logger } from "../log/logger.js";
import { isRichRefusal, type RichGate } from "./rich-gate.js";

/**
 * Answers one inline query with answerInlineQuery: each result an article whose message is the
 * result's rich message (InputRichMessageContent) while the account's rich gate is open, else its
 * HTML (link previews off); rich results Telegram refuses are sent again at once as HTML. Contract: never rejects. Telegram waits about 10 s and takes
 * one answer per query, so a 400 (too old, answered already) is logged at info level and any other
 * failure at warn level: an answer cannot be retried usefully once the user typed on.
 */
export function createInlineReplier(
  deps: { api: Api; log: Logger; rich?: RichGate },
  queryId: string,
): InlineReplier {
  const { api, log } = deps;
  const resultsOf = (answer: InlineAnswer, rich: boolean): InlineQueryResultArticle[] =>
    answer.results.map((r) => ({
      type: "article",
      id: r.id,
      title: r.title,
      ...(r.description !== "" ? { description: r.description } : {}),
      ...(r.url !== undefined ? { url: r.url } : {}),
      input_message_content:
        rich && r.rich
          ? { rich_message: r.rich }
          : { message_text: r.html, parse_mode: "HTML", link_preview_options: { is_disabled: true } },
    }));
  return {
    async answer(answer: InlineAnswer) {
      const send = (rich: boolean) =>
        api.answerInlineQuery(queryId, resultsOf(answer, rich), {
          cache_time: answer.cacheTime,
          is_personal: answer.isPersonal,
          ...(answer.button
            ? { button: { text: answer.button.text, start_parameter: answer.button.startParameter } }
            : {}),
        });
      try {
        const rich = deps.rich?.open() === true && answer.results.some((r) => r.rich);
        try {
          await send(rich);
        } catch (error) {
          // Rich results refused: the same results as HTML, at once (the query is still unanswered).
          if (!rich || !isRichRefusal(error)) throw error;
          deps.rich?.refused(error);
          await send(false);
        }
      } catch (error) {
        if (error instanceof GrammyError && error.error_code === 400) {
          log.info({ reason: error.description }, "the inline query could not be answered: it is too old");
          return;
        }
        log.warn({ err: error }, "the inline query could not be answered");
      }
    },
  };
}
