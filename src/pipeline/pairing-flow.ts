import type { InboundMessage } from "../core/inbound-message.js";
import type { Replier } from "../core/replier.js";
import type { Logger } from "../log/logger.js";
import { hasQuestion } from "../policy/kept-message.js";
import type { PairingOutcome } from "../policy/pairing-store.js";

/**
 * The replies of DM pairing (access-policy.md, steps 2–3): the sender's id, the code in a code
 * block and the exact command the operator runs; a repeat at most every 10 minutes; one notice
 * when the account already has 3 pending requests. What to say is decided by the store's outcome.
 */
export function pairingReply(msg: InboundMessage, outcome: PairingOutcome): string | undefined {
  switch (outcome.kind) {
    case "created":
      return approvalText(
        msg,
        outcome.code,
        "This bot answers approved users only, so your message is on hold.",
      );
    case "repeat":
      return outcome.remind
        ? approvalText(msg, outcome.code, "Your pairing request is still waiting for the operator.")
        : undefined;
    case "limit":
      return outcome.notify
        ? "This bot answers approved users only, and too many people are waiting for approval right now. Please try again in an hour."
        : undefined;
    case "approved":
      return undefined;
  }
}

function approvalText(msg: InboundMessage, code: string, intro: string): string {
  const after = hasQuestion(msg)
    ? "The code is valid for 1 hour. Your message is kept and answered as soon as you are approved."
    : "The code is valid for 1 hour. Once you are approved, send your question as text.";
  return [
    intro,
    `Your user id: <code>${msg.senderId}</code>`,
    `Pairing code: <code>${code}</code>`,
    "Ask the operator to run:",
    `<pre>wiki-gateway pairing approve ${code} --account ${msg.account}</pre>`,
    after,
  ].join("\n");
}

export const APPROVED_TEXT =
  "You have been approved: this bot now answers you. Here is the answer to the question you sent.";
export const APPROVED_NO_MESSAGE_TEXT = "You have been approved: this bot now answers you.";

/** Starts or repeats pairing for an unknown DM sender and answers them. */
export type PairingHandler = (msg: InboundMessage, reply: Replier, log: Logger) => Promise<void>;

export function createPairingHandler(deps: {
  request: (account: string, msg: InboundMessage) => Promise<PairingOutcome>;
  onRequest?: (account: string) => void;
}): PairingHandler {
  return async (msg: InboundMessage, reply: Replier, log: Logger): Promise<void> => {
    const outcome = await deps.request(msg.account, msg);
    if (outcome.kind === "created") {
      deps.onRequest?.(msg.account);
      log.info({ senderId: msg.senderId, code: outcome.code }, "pairing requested");
    }
    const text = pairingReply(msg, outcome);
    if (text) await reply.send([text]);
  };
}
