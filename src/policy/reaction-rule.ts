import type { InboundMessage } from "../core/inbound-message.js";
import type { ReactionEvent } from "../core/reaction-event.js";
import type { Decision } from "./decision.js";
import { type AccountPolicy, evaluate, type PairingLookup } from "./evaluate.js";

/**
 * Whether a reaction counts as a vote, under the same rules as a message in that chat. Pure.
 *
 * A reaction on the bot's answer addresses the bot like a reply to it, so a group's mention rule
 * is met; everything else is the message rule: in a DM the user must pass the DM rules
 * (`allowFrom`, an approval under `pairing`, or `open`), in a group the group's gates and sender
 * list. A reaction never starts pairing (the `pairing` flag is dropped). An anonymous reaction
 * (`actor_chat`: an anonymous admin or a channel) has no user to count once: `sender-is-channel`.
 * In a forum the rules of the topic the answer went to apply (`place`, as the answer was sent),
 * as they would to a message there.
 */
export function evaluateReaction(
  event: ReactionEvent,
  policy: AccountPolicy,
  lookups: PairingLookup,
  place: { threadId?: number | undefined; forum?: boolean | undefined } = {},
): Decision {
  if (event.userId === undefined || event.actorChatId !== undefined)
    return policy.enabled
      ? { allow: false, reason: "sender-is-channel" }
      : { allow: false, reason: "account-disabled" };
  const msg: InboundMessage = {
    account: event.account,
    updateId: event.updateId,
    messageId: event.messageId,
    chatId: event.chatId,
    chatType: event.chatType,
    senderId: event.userId,
    senderIsBot: event.userIsBot,
    text: "",
    date: event.date,
    mentionsBot: false,
    repliesToBot: true,
    args: "",
    ...(place.threadId !== undefined ? { threadId: place.threadId } : {}),
    ...(place.forum !== undefined ? { forum: place.forum } : {}),
  };
  const decision = evaluate(msg, policy, lookups);
  return decision.allow ? decision : { allow: false, reason: decision.reason };
}
