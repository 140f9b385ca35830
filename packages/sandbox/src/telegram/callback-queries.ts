import { createHash, randomInt } from "node:crypto";
import { badRequest, SandboxError } from "./errors.js";
import type { Method } from "./method-types.js";
import { chatObject, messageObject, userObject } from "./render.js";
import { userPlace } from "./chat-access.js";
import type { TapInput } from "./types.js";
import type { World } from "./world.js";

/** How long Telegram waits for answerCallbackQuery before the query is "too old" (about 10 s; a margin). */
export const CALLBACK_ANSWER_WINDOW_MS = 15_000;
/** Queries remembered at most (the oldest are forgotten: answering them is then "too old"). */
const MAX_QUERIES = 10_000;

const TOO_OLD = "query is too old and response timeout expired or query ID is invalid";

/**
 * The pending query (a callback or an inline query) an answer names, when this bot may still
 * answer it: handed to this bot, not answered yet, within the window. Else 400 `query is too old…`,
 * Telegram's one answer for all of these.
 */
export function answerableQuery<Q extends { botKey: string; at: number }>(
  world: Pick<World, "now">,
  queries: ReadonlyMap<string, Q>,
  rawId: unknown,
  botKey: string,
  windowMs: number,
  answered: (query: Q) => boolean,
): Q {
  const id = typeof rawId === "string" ? rawId : String(rawId ?? "");
  const query = queries.get(id);
  if (!query || query.botKey !== botKey || answered(query) || world.now() - query.at > windowMs) {
    throw badRequest(TOO_OLD);
  }
  return query;
}

/** Remembers a query id handed to a bot (by a tap, or in an injected update). */
export function rememberQuery(world: World, id: string, botKey: string): void {
  world.callbackQueries.set(id, { botKey, at: world.now(), answered: false });
  if (world.callbackQueries.size > MAX_QUERIES) {
    world.callbackQueries.delete(world.callbackQueries.keys().next().value!);
  }
}

/**
 * A user taps an inline button under a bot's message: the bot gets a `callback_query` shaped as
 * Telegram sends it (`id`, `from`, `message` as the bot sees it, `chat_instance`, `data`), unless
 * its allowed_updates leave callback queries out. The button must be on the message. With
 * `inaccessible`, `message` is Telegram's InaccessibleMessage: only `chat`, `message_id` and
 * `date: 0` (no sender, no text, no keyboard).
 */
export function tap(world: World, input: TapInput): { callbackQueryId: string; deliveredTo: string[] } {
  const { user, place } = userPlace(world, input.from, input.chat);
  const message = world.chats.findForUsers(place, input.messageId);
  if (!message || message.from.kind !== "bot") {
    throw new SandboxError(
      "unknown-message",
      `no bot message ${input.messageId} in chat ${place.chatId}`,
      "tap a message from sent()",
    );
  }
  const buttons = message.replyMarkup?.inline_keyboard.flat() ?? [];
  if (!buttons.some((b) => b.callback_data === input.data)) {
    throw new SandboxError(
      "no-such-button",
      `message ${input.messageId} has no button with data ${JSON.stringify(input.data)}`,
      "tap one of the message's callback_data values",
    );
  }
  const state = world.botState(message.from.username);
  const id = `${randomInt(1, 2 ** 47)}${randomInt(0, 100_000)}`;
  rememberQuery(world, id, state.key);
  const update = {
    callback_query: {
      id,
      from: userObject(user),
      message: input.inaccessible
        ? { chat: chatObject(world, place), message_id: world.chats.idFor(message, state.key), date: 0 }
        : messageObject(world, place, state.key, message),
      chat_instance: createHash("sha256")
        .update(`${state.key}|${place.chatId}`)
        .digest("hex")
        .slice(0, 19)
        .replace(/[a-f]/g, "7"),
      data: input.data,
    },
  };
  const delivered = state.updates.deliver(update);
  return { callbackQueryId: id, deliveredTo: delivered === undefined ? [] : [state.bot.username] };
}

/** answerCallbackQuery: once per query, by the bot that got it, within the answer window. */
export const answerCallbackQuery: Method = (world, { state, params }) => {
  const query = answerableQuery(
    world,
    world.callbackQueries,
    params.callback_query_id,
    state.key,
    CALLBACK_ANSWER_WINDOW_MS,
    (q) => q.answered,
  );
  if (params.text !== undefined && (typeof params.text !== "string" || [...params.text].length > 200)) {
    throw badRequest("MESSAGE_TOO_LONG");
  }
  query.answered = true;
  query.answer = {
    ...(typeof params.text === "string" ? { text: params.text } : {}),
    ...(params.show_alert === true || params.show_alert === "true" ? { showAlert: true } : {}),
  };
  return true;
};
