import type { AgentSettings } from "../agents/agent-settings.js";
import type { InboundMessage } from "../core/inbound-message.js";
import { assertNever, type Reply } from "../core/reply.js";
import type { Replier, SentMessages } from "../core/replier.js";
import type { ChoiceFlow } from "./choice-tap.js";

/** A reply as delivered: the reply itself, unchanged, and the messages Telegram named for it. */
export interface Delivery {
  reply: Reply;
  /** Absent when nothing was sent, or Telegram named no message (a chunk sent before a restart, a blocked chat). */
  sent: SentMessages | undefined;
}

export interface DeliverTo {
  /** The message answered (for choices: `args` is the question they were offered for). */
  msg: InboundMessage;
  replier: Replier;
  /** The agent that made the reply; choices need it (their offer is kept under it). */
  agent?: AgentSettings;
  /** The bot's earlier message that the reply's first chunk replaces (an edit answered again). */
  replaces?: number;
}

export type Deliver = (reply: Reply, to: DeliverTo) => Promise<Delivery>;

/**
 * Deliver: sends a reply through the account that received the message. Choices go out with one
 * button per page, their offer kept first (choice-tap.ts); every other kind sends its chunks, if
 * any; `empty` and `media-hint-suppressed` say nothing. Telegram failures propagate (the account
 * retries the update).
 */
export function createDeliver(deps: { choices: Pick<ChoiceFlow, "offer"> }): Deliver {
  return async (reply, to) => {
    const options = {
      ...(to.replaces !== undefined ? { replaces: to.replaces } : {}),
      ...(reply.kind === "answer" && reply.rich ? { rich: reply.rich } : {}),
    };
    const send = async () =>
      reply.chunks.length > 0 ? ((await to.replier.send(reply.chunks, options)) ?? undefined) : undefined;
    switch (reply.kind) {
      case "choices": {
        if (!to.agent) throw new Error("choices are delivered only with the agent that offered them");
        const sent = await deps.choices.offer(to.msg, to.agent, reply, to.replier, to.replaces);
        return { reply, sent: sent ?? undefined };
      }
      case "answer":
      case "not-found":
      case "command":
      case "refused":
      case "error":
      case "whoami":
      case "media-hint":
      case "unheard":
      case "mention-hint":
        return { reply, sent: await send() };
      case "media-hint-suppressed":
      case "empty":
        return { reply, sent: undefined };
      default:
        return assertNever(reply);
    }
  };
}
