import { type Api, GrammyError } from "grammy";
import type { Logger } from "../log/logger.js";

/**
 * answerCallbackQuery: stops the client's spinner on a button tap, with an optional short notice.
 * Contract: resolves when Telegram refuses the answer with a 400 (the query is too old, already
 * answered or unknown: Telegram answers a query once, within about 10 s), which is logged; rejects
 * for other failures (network, 5xx after the retries), like any call.
 */
export async function answerCallbackQuery(
  api: Pick<Api, "answerCallbackQuery">,
  log: Logger,
  queryId: string,
  text?: string,
): Promise<void> {
  try {
    await api.answerCallbackQuery(queryId, text === undefined ? {} : { text });
  } catch (error) {
    if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
    log.info({ reason: error.description }, "the button tap could not be answered: it is too old");
  }
}
