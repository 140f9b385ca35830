import { type Api, GrammyError } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import type { InlineAnswer, InlineReplier } from "../core/inline-query.js";
import type { Logger } from "../log/logger.js";

/**
 * Answers one inline query with answerInlineQuery: each result an article whose message is the
 * result's HTML (link previews off). Contract: never rejects. Telegram waits about 10 s and takes
 * one answer per query, so a 400 (too old, answered already) is logged at info level and any other
 * failure at warn level: an answer cannot be retried usefully once the user typed on.
 */
export function createInlineReplier(deps: { api: Api; log: Logger }, queryId: string): InlineReplier {
  const { api, log } = deps;
  return {
    async answer(answer: InlineAnswer) {
      const results: InlineQueryResultArticle[] = answer.results.map((r) => ({
        type: "article",
        id: r.id,
        title: r.title,
        ...(r.description !== "" ? { description: r.description } : {}),
        ...(r.url !== undefined ? { url: r.url } : {}),
        input_message_content: {
          message_text: r.html,
          parse_mode: "HTML",
          link_preview_options: { is_disabled: true },
        },
      }));
      try {
        await api.answerInlineQuery(queryId, results, {
          cache_time: answer.cacheTime,
          is_personal: answer.isPersonal,
          ...(answer.button
            ? { button: { text: answer.button.text, start_parameter: answer.button.startParameter } }
            : {}),
        });
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
