import type { Api } from "grammy";
import type { ReactionType } from "grammy/types";
import type { ReplyPlace } from "./reply-sender.js";

/** How long an answer may take before "typing…" is shown. */
export const TYPING_DELAY_MS = 300;

/**
 * Sets `emoji` as the bot's reaction on the message until the returned function removes it. The
 * removal waits for the setting, so the two never cross; neither is awaited by the answer.
 */
export function acknowledge(
  deps: { api: Api; onReactionFailed?: (error: unknown) => void },
  on: { chatId: number; messageId: number | undefined },
  emoji: string,
): () => void {
  const { chatId, messageId } = on;
  if (messageId === undefined) return () => {};
  const refused = (error: unknown) => {
    deps.onReactionFailed?.(error);
    return false;
  };
  const set = deps.api
    .setMessageReaction(chatId, messageId, [{ type: "emoji", emoji } as ReactionType])
    .then(() => true, refused);
  return () => {
    void set.then((ok) =>
      ok ? deps.api.setMessageReaction(chatId, messageId, []).catch(refused) : undefined,
    );
  };
}

/**
 * "typing…" until the returned function is called. Most answers are ready in milliseconds: it is
 * shown only for a slow one, which saves a Bot API call per message (Telegram's per-bot budget is
 * about 30 calls a second). In a forum topic the indicator belongs in that topic.
 */
export function showTyping(api: Api, place: Readonly<ReplyPlace>): () => void {
  const send = () => {
    const other = place.threadId !== undefined ? { message_thread_id: place.threadId } : {};
    api.sendChatAction(place.chatId, "typing", other).catch(() => {});
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    send();
    interval = setInterval(send, 4500);
    interval.unref();
  }, TYPING_DELAY_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}
