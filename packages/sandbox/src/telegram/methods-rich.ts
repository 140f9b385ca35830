import { chatForBot } from "./chat-access.js";
import { badRequest } from "./errors.js";
import type { Method } from "./method-types.js";
import { placeForSend, storeFromBot, topicFor } from "./methods-messages.js";
import { intParam } from "./params.js";
import { readRichMessage } from "./rich/input.js";

/**
 * sendRichMessage and sendRichMessageDraft (Bot API 10.1). editMessageText with `rich_message`
 * is in methods-messages.ts. The content rules and limits are in rich/.
 */

export const sendRichMessage: Method = (world, { state, params }) => {
  const target = placeForSend(world, state.key, params);
  const { rich, checked } = readRichMessage(params, { draft: false });
  richDrafts.get(world)?.delete(`${state.key}|${target.place.chatId}`);
  return storeFromBot(world, state, target, { text: checked.plain, rich }, params, "sendRichMessage");
};

/** The last draft a bot streamed to a chat (drafts are never stored as messages; the chat page does not show them yet). */
export interface RichDraft {
  bot: string;
  chatId: number;
  threadId?: number;
  draftId: number;
  blocks: Array<Record<string, unknown>>;
  plain: string;
  at: number;
}

/** Drafts by `${botKey}|${chatId}`; the bot's next rich message to the chat ends its draft. */
export const richDrafts = new WeakMap<object, Map<string, RichDraft>>();

/** Private chats only (chat_id is a user's id); a non-zero draft_id; the thinking block is allowed. */
export const sendRichMessageDraft: Method = (world, { state, params }) => {
  const place = chatForBot(world, state.key, params.chat_id);
  if (place.type !== "private") throw badRequest("draft can be sent only to private chats");
  const draftId = intParam(params, "draft_id");
  if (!draftId) throw badRequest("draft_id must be non-zero");
  const thread = topicFor(world, place, params.message_thread_id);
  const { checked } = readRichMessage(params, { draft: true });
  let drafts = richDrafts.get(world);
  if (!drafts) richDrafts.set(world, (drafts = new Map()));
  drafts.set(`${state.key}|${place.chatId}`, {
    bot: state.bot.username,
    chatId: place.chatId,
    ...(thread !== undefined ? { threadId: thread } : {}),
    draftId,
    blocks: checked.blocks,
    plain: checked.plain,
    at: world.now(),
  });
  return true;
};
