import type { StoredMessage } from "./chat-store.js";
import type { Entity } from "./entity-types.js";
import { usernameKey } from "./registry.js";
import type { SandboxBot } from "./types.js";

/**
 * Whether a bot in a group receives a user's message. Without privacy mode: everything. In privacy
 * mode (the default): commands addressed to it (`/cmd@thisbot`, or a bare `/cmd`), messages that
 * mention it (@thisbot, or a text_mention of it), and replies to its own messages. Bots never see
 * other bots' messages; callers only pass users' messages.
 */
export function botMaySee(bot: SandboxBot, message: StoredMessage): boolean {
  if (!bot.privacy) return true;
  const key = usernameKey(bot.username);
  if (message.replyTo?.from.kind === "bot" && usernameKey(message.replyTo.from.username) === key) return true;
  for (const entity of (message.entities ?? []) as Entity[]) {
    const text = message.text.slice(entity.offset, entity.offset + entity.length);
    if (entity.type === "mention" && usernameKey(text) === key) return true;
    if (entity.type === "text_mention" && entity.user?.id === bot.id) return true;
    if (entity.type === "bot_command") {
      const at = text.indexOf("@");
      if (at < 0 || usernameKey(text.slice(at + 1)) === key) return true;
    }
  }
  return false;
}
