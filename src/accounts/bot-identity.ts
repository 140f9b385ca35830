import type { UserFromGetMe } from "grammy/types";
import type { BotIdentity } from "../core/inbound-message.js";

/** What the gateway keeps of getMe's answer. */
export function identityOf(me: UserFromGetMe): BotIdentity {
  return {
    id: me.id,
    username: me.username,
    firstName: me.first_name,
    canReadAllGroupMessages: me.can_read_all_group_messages,
  };
}
