import { chatForBot } from "./chat-access.js";
import type { ChatPlace } from "./chat-store.js";
import { badRequest, SandboxError } from "./errors.js";
import { codePoints, type FormattedText, MAX_TEXT, parseOutgoing } from "./format.js";
import type { Method } from "./method-types.js";
import { topicFor } from "./methods-messages.js";
import { boolParam, intParam, jsonParam } from "./params.js";
import { chatObject } from "./render.js";
import type { World } from "./world.js";

/** sendMessageDraft, and the user's stop button (drafts on screen: draft-board.ts). */

/** Telegram's answer to a draft for anything but a private chat. */
const DRAFT_PEER_INVALID = "TEXTDRAFT_PEER_INVALID";

/** The place, thread and draft id every draft method checks. */
export function draftTarget(world: World, botKey: string, params: Record<string, unknown>) {
  const place: ChatPlace = chatForBot(world, botKey, params.chat_id);
  if (place.type !== "private") throw badRequest(DRAFT_PEER_INVALID);
  const draftId = intParam(params, "draft_id");
  if (!draftId) throw badRequest("draft_id must be non-zero");
  const threadId = topicFor(world, place, params.message_thread_id);
  return {
    place,
    draftId,
    ...(threadId !== undefined ? { threadId } : {}),
    canStop: boolParam(params, "can_stop"),
    keepOnStop: boolParam(params, "keep_on_stop"),
  };
}

/**
 * sendMessageDraft: a private chat only (else 400 TEXTDRAFT_PEER_INVALID), a non-zero draft_id,
 * text of 0–4096 characters after entity parsing (empty: "Thinking…"), parse_mode or entities.
 */
export const sendMessageDraft: Method = (world, { state, params }) => {
  const target = draftTarget(world, state.key, params);
  const formatted = draftText(params);
  world.drafts.show({
    bot: state.bot.username,
    chatId: target.place.chatId,
    ...(target.threadId !== undefined ? { threadId: target.threadId } : {}),
    draftId: target.draftId,
    method: "sendMessageDraft",
    text: formatted.text,
    ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
    canStop: target.canStop,
    keepOnStop: target.keepOnStop,
    at: world.now(),
  });
  return true;
};

/** A draft's text: may be empty, else parsed like a message's and at most 4096 characters. */
function draftText(params: Record<string, unknown>): FormattedText {
  const raw = params.text;
  if (raw === undefined || raw === null || raw === "") return { text: "", entities: [] };
  const parsed = parseOutgoing(String(raw), params.parse_mode, jsonParam(params, "entities"));
  if (codePoints(parsed.text) > MAX_TEXT) throw badRequest("text is too long");
  return parsed;
}

/**
 * The user presses the stop button of the bot's latest stoppable draft in their private chat (or
 * of `draftId`): the bot gets `stopped_message_generation` as Telegram shapes it
 * (`MessageGenerationStopped`: chat, message_thread_id?, draft_id), when its allowed_updates let it.
 */
export function stopGeneration(
  world: World,
  input: { from: number; bot: string; draftId?: number },
): { draftId: number; deliveredTo: string[] } {
  const state = world.botState(input.bot);
  const user = world.registry.findUser(input.from);
  if (!user) throw new SandboxError("unknown-user", `no sandbox user ${input.from}`, "addUser first");
  const stopped = world.drafts.stop(state.bot.username, user.id, input.draftId);
  if (!stopped)
    throw new SandboxError(
      "no-draft",
      `no stoppable draft of @${state.bot.username} is on screen in ${user.firstName}'s chat`,
      "press stop while the bot streams a draft sent with can_stop: true",
    );
  const place: ChatPlace = { chatId: user.id, type: "private", dmBot: state.key };
  const update = {
    stopped_message_generation: {
      chat: chatObject(world, place),
      ...(stopped.threadId !== undefined ? { message_thread_id: stopped.threadId } : {}),
      draft_id: stopped.draftId,
    },
  };
  const delivered = state.updates.deliver(update) !== undefined;
  return { draftId: stopped.draftId, deliveredTo: delivered ? [state.bot.username] : [] };
}
