import { randomInt } from "node:crypto";
import { answerableQuery } from "./callback-queries.js";
import { userPlace } from "./chat-access.js";
import { badRequest, SandboxError } from "./errors.js";
import { formatOutgoing } from "./format.js";
import type { Method } from "./method-types.js";
import { jsonParam } from "./params.js";
import { readRichMessage } from "./rich/input.js";
import { userObject } from "./render.js";
import type { ChooseInlineInput, InlineAnswerRecord, InlineQueryInput, InlineResultRecord } from "./types.js";
import { deliverToGroupBots } from "./user-messages.js";
import { unixTime, type World } from "./world.js";

/** Telegram waits about 10 s for answerInlineQuery; later the query is "too old". */
export const INLINE_ANSWER_WINDOW_MS = 10_000;
/** Most results one answer may carry. */
export const MAX_INLINE_RESULTS = 50;
/** Queries remembered at most (the oldest are forgotten: answering them is then "too old"). */
const MAX_QUERIES = 10_000;
const START_PARAMETER = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A user types `@bot query` in a chat: the bot gets an `inline_query` (`id`, `from`, `query`,
 * `offset`, `chat_type`), unless inline mode is off for it (BotFather /setinline: the client sends
 * nothing then) or its allowed_updates leave inline queries out. `chat` is where the user types:
 * `{ bot }` for a private chat (chat_type "sender" when it is this bot's), or a group id.
 */
export function inlineQuery(
  world: World,
  input: InlineQueryInput,
): { inlineQueryId: string; deliveredTo: string[] } {
  const state = world.botState(input.bot);
  if (!state.bot.inline) {
    throw new SandboxError(
      "inline-off",
      `inline mode is off for @${state.bot.username}: Telegram sends it no inline queries`,
      "add the bot with inline: true (or POST /__sandbox/bots/inline)",
    );
  }
  if ([...input.query].length > 256) {
    throw new SandboxError("query-too-long", "an inline query holds at most 256 characters", "shorten query");
  }
  const user = world.registry.findUser(input.from);
  if (!user) throw new SandboxError("unknown-user", `no sandbox user ${input.from}`, "addUser first");
  const chatType =
    input.chat === undefined ? undefined : chatTypeOf(world, input.from, input.chat, state.key);
  const id = `${randomInt(1, 2 ** 47)}${randomInt(0, 100_000)}`;
  world.inlineQueries.set(id, {
    botKey: state.key,
    bot: state.bot.username,
    userId: user.id,
    query: input.query,
    at: world.now(),
  });
  if (world.inlineQueries.size > MAX_QUERIES)
    world.inlineQueries.delete(world.inlineQueries.keys().next().value!);
  const delivered = state.updates.deliver({
    inline_query: {
      id,
      from: userObject(user),
      query: input.query,
      offset: "",
      ...(chatType ? { chat_type: chatType } : {}),
    },
  });
  return { inlineQueryId: id, deliveredTo: delivered === undefined ? [] : [state.bot.username] };
}

function chatTypeOf(world: World, userId: number, chat: number | { bot: string }, botKey: string): string {
  const { place } = userPlace(world, userId, chat);
  if (place.type === "private") return place.dmBot === botKey ? "sender" : "private";
  return place.type;
}

/**
 * answerInlineQuery with Telegram's rules: once per query, by the bot that got it, within 10 s
 * (else 400 `query is too old…`); at most 50 results, each with a unique id of 1–64 bytes; articles
 * need a title and a message text (checked like sendMessage's); the button above the results
 * (`button: {text, start_parameter}`, or the older `switch_pm_text`/`switch_pm_parameter`) needs a
 * deep-link parameter of 1–64 of `A-Za-z0-9_-`.
 */
export const answerInlineQuery: Method = (world, { state, params }) => {
  const query = answerableQuery(
    world,
    world.inlineQueries,
    params.inline_query_id,
    state.key,
    INLINE_ANSWER_WINDOW_MS,
    (q) => q.answer !== undefined,
  );
  const raw = jsonParam(params, "results");
  if (!Array.isArray(raw)) throw badRequest("can't parse inline query results JSON object");
  if (raw.length > MAX_INLINE_RESULTS) throw badRequest("RESULTS_TOO_MUCH");
  const seen = new Set<string>();
  const results = raw.map((r: unknown) => readResult(r, seen));
  const button = readButton(params);
  query.answer = {
    results,
    cacheTime: Number(params.cache_time ?? 300),
    isPersonal: params.is_personal === true || params.is_personal === "true",
    ...(button ? { button } : {}),
  };
  return true;
};

function readResult(raw: unknown, seen: Set<string>): InlineResultRecord {
  const r = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const id = typeof r.id === "string" ? r.id : "";
  const bytes = Buffer.byteLength(id);
  if (bytes < 1 || bytes > 64) throw badRequest("RESULT_ID_INVALID");
  if (seen.has(id)) throw badRequest("RESULT_ID_DUPLICATE");
  seen.add(id);
  if (r.type !== "article") throw badRequest("RESULT_TYPE_INVALID");
  if (typeof r.title !== "string" || r.title === "") throw badRequest("RESULT_TITLE_EMPTY");
  const content = (r.input_message_content ?? {}) as Record<string, unknown>;
  const head = {
    id,
    title: r.title,
    ...(typeof r.description === "string" ? { description: r.description } : {}),
    ...(typeof r.url === "string" ? { url: r.url } : {}),
  };
  if (content.rich_message !== undefined) {
    // InputRichMessageContent: the same rules as sendRichMessage.
    const { rich, checked } = readRichMessage(content, { draft: false });
    return { ...head, messageText: checked.plain, text: checked.plain, entities: [], rich };
  }
  const formatted = formatOutgoing(content.message_text, content.parse_mode, content.entities);
  return {
    ...head,
    messageText: String(content.message_text),
    ...(typeof content.parse_mode === "string" ? { parseMode: content.parse_mode } : {}),
    text: formatted.text,
    entities: formatted.entities,
  };
}

function readButton(params: Record<string, unknown>): InlineAnswerRecord["button"] {
  const button = jsonParam(params, "button") as { text?: unknown; start_parameter?: unknown } | undefined;
  const text = button ? button.text : params.switch_pm_text;
  const start = button ? button.start_parameter : params.switch_pm_parameter;
  if (text === undefined && start === undefined) return undefined;
  if (typeof text !== "string" || text === "") throw badRequest("BUTTON_TEXT_INVALID");
  if (typeof start !== "string" || !START_PARAMETER.test(start)) throw badRequest("START_PARAM_INVALID");
  return { text, startParameter: start };
}

/**
 * The user picks a result of an answered query in a chat (`{ bot }` or a group id): the result's
 * message goes into that chat from the user with `via_bot` set (delivered to the chat's bots as any
 * user's message), and the answering bot gets a `chosen_inline_result` (as with BotFather's
 * /setinlinefeedback on). Returns the message id users see.
 */
export function chooseInlineResult(
  world: World,
  input: ChooseInlineInput,
): { messageId: number; chatId: number; deliveredTo: string[] } {
  const query = world.inlineQueries.get(input.inlineQueryId);
  if (!query || query.userId !== input.from) {
    throw new SandboxError(
      "unknown-inline-query",
      `no inline query ${input.inlineQueryId} of user ${input.from}`,
      "pick from a query made with POST inline",
    );
  }
  const result = query.answer?.results.find((r) => r.id === input.resultId);
  if (!result) {
    throw new SandboxError(
      "unknown-result",
      `the answer to inline query ${input.inlineQueryId} has no result ${JSON.stringify(input.resultId)}`,
      "pick one of the answer's result ids (GET inline?id=…)",
    );
  }
  const { user, place, recipients } = userPlace(world, input.from, input.chat);
  if (place.type === "private") world.openDms.add(`${place.dmBot}|${user.id}`);
  const stored = world.chats.addForUsers(place, {
    chatId: place.chatId,
    from: { kind: "user", id: user.id },
    text: result.text,
    ...(result.entities.length > 0 ? { entities: result.entities } : {}),
    ...(result.rich ? { rich: result.rich } : {}),
    date: unixTime(world),
    viaBot: query.bot,
  });
  const state = world.botState(query.bot);
  state.updates.deliver({
    chosen_inline_result: { result_id: result.id, from: userObject(user), query: query.query },
  });
  return {
    messageId: stored.viewId,
    chatId: place.chatId,
    deliveredTo: deliverToGroupBots(world, place, recipients, stored),
  };
}
