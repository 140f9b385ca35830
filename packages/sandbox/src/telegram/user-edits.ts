import { userMessage, userPlace } from "./chat-access.js";
import { detectEntities } from "./detect-entities.js";
import { SandboxError } from "./errors.js";
import type { UserEditsInput, UserSaysResult } from "./types.js";
import { deliverToGroupBots } from "./user-messages.js";
import { unixTime, type World } from "./world.js";

/**
 * A user edits one of their messages, as Telegram reports it: the stored message takes the new
 * text (or caption) and entities, `edit_date` is set, and each bot of the chat that may see the
 * edited version (privacy rules apply to it as to a new message: an edit that adds the mention
 * reaches a bot in privacy mode) gets an `edited_message` with the same `message_id`. The
 * allowed_updates a bot asked for apply: without `edited_message` in them, nothing is delivered.
 */
export function userEdits(world: World, input: UserEditsInput): UserSaysResult {
  const { user, place, recipients } = userPlace(world, input.from, input.chat);
  const message = userMessage(world, place, input.messageId, "edit a message id from userSays");
  if (message.from.kind !== "user" || message.from.id !== user.id) {
    throw new SandboxError(
      "not-yours",
      `message ${input.messageId} is not user ${user.id}'s`,
      "edit your own message",
    );
  }
  const text = input.text;
  if (typeof text !== "string" || (message.media === undefined && text.trim() === "")) {
    throw new SandboxError("empty-text", "an edit needs a non-empty text", "pass text");
  }
  if (message.media !== undefined && [...text].length > 1024) {
    throw new SandboxError("caption-too-long", "a caption holds at most 1024 characters", "shorten text");
  }
  const entities = detectEntities(text, []);
  message.text = text;
  if (entities.length > 0) message.entities = entities;
  else delete message.entities;
  message.editDate = input.after === undefined ? unixTime(world) : message.date + Math.max(0, input.after);
  const deliveredTo = deliverToGroupBots(world, place, recipients, message, "edited_message");
  return { messageId: message.viewId, chatId: place.chatId, deliveredTo };
}
