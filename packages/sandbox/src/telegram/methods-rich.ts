import { draftTarget } from "./drafts.js";
import type { Method } from "./method-types.js";
import { placeForSend, storeFromBot } from "./methods-messages.js";
import { readRichMessage } from "./rich/input.js";

/**
 * sendRichMessage and sendRichMessageDraft (Bot API 10.1). editMessageText with `rich_message`
 * is in methods-messages.ts. The content rules and limits are in rich/.
 */

export const sendRichMessage: Method = (world, { state, params }) => {
  const target = placeForSend(world, state.key, params);
  const { rich, checked } = readRichMessage(params, { draft: false });
  return storeFromBot(world, state, target, { text: checked.plain, rich }, params, "sendRichMessage");
};

/**
 * sendRichMessageDraft: a private chat only (400 TEXTDRAFT_PEER_INVALID), a non-zero draft_id;
 * the thinking block is allowed; can_stop and keep_on_stop as for sendMessageDraft (drafts.ts).
 */
export const sendRichMessageDraft: Method = (world, { state, params }) => {
  const target = draftTarget(world, state.key, params);
  const { checked } = readRichMessage(params, { draft: true });
  world.drafts.show({
    bot: state.bot.username,
    chatId: target.place.chatId,
    ...(target.threadId !== undefined ? { threadId: target.threadId } : {}),
    draftId: target.draftId,
    method: "sendRichMessageDraft",
    text: checked.plain,
    rich: { blocks: checked.blocks },
    canStop: target.canStop,
    keepOnStop: target.keepOnStop,
    at: world.now(),
  });
  return true;
};
