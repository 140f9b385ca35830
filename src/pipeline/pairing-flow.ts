import type { InboundMessage } from "../core/inbound-message.js";
import type { Replier } from "../core/replier.js";
import { type Texts, textsFor } from "../i18n/index.js";
import type { Logger } from "../log/logger.js";
import { CODE_TTL_MS } from "../policy/pairing-codes.js";
import { hasQuestion } from "../policy/kept-message.js";
import type { PairingOutcome } from "../policy/pairing-store.js";

/** How long a pairing code is valid, in whole hours (as the user is told). */
const CODE_HOURS = Math.round(CODE_TTL_MS / 3_600_000);

/**
 * The replies of DM pairing (access-policy.md, steps 2–3): the sender's id, the code in a code
 * block and the exact command the operator runs; a repeat at most every 10 minutes; one notice
 * when the account already has 3 pending requests. What to say is decided by the store's outcome;
 * how, by `texts` (the sender's language; default: theirs, else English).
 */
export function pairingReply(
  msg: InboundMessage,
  outcome: PairingOutcome,
  texts: Texts = textsFor(msg.languageCode),
): string | undefined {
  switch (outcome.kind) {
    case "created":
      return approvalText(msg, outcome.code, texts.t("pairing.onHold"), texts);
    case "repeat":
      return outcome.remind
        ? approvalText(msg, outcome.code, texts.t("pairing.stillWaiting"), texts)
        : undefined;
    case "limit":
      return outcome.notify ? texts.t("pairing.tooMany") : undefined;
    case "approved":
      return undefined;
  }
}

function approvalText(msg: InboundMessage, code: string, intro: string, texts: Texts): string {
  const after = hasQuestion(msg)
    ? texts.t("pairing.validKept", { count: CODE_HOURS })
    : texts.t("pairing.validAskLater", { count: CODE_HOURS });
  return [
    intro,
    texts.t("whoami.user", { id: msg.senderId ?? 0 }),
    texts.t("pairing.code", { code }),
    texts.t("pairing.askOperator"),
    `<pre>wiki-gateway pairing approve ${code} --account ${msg.account}</pre>`,
    after,
  ].join("\n");
}

/** What an approved user is told: that the bot answers them now, and whether the answer to their kept message follows. */
export function approvalNotice(texts: Texts, answerFollows: boolean): string {
  return texts.t(answerFollows ? "pairing.approved" : "pairing.approvedNoMessage");
}

/** Starts or repeats pairing for an unknown DM sender and answers them. */
export type PairingHandler = (msg: InboundMessage, reply: Replier, log: Logger) => Promise<void>;

export function createPairingHandler(deps: {
  request: (account: string, msg: InboundMessage) => Promise<PairingOutcome>;
  onRequest?: (account: string) => void;
  /** The `language` of the agent bound to an account: what a sender whose own language the bot lacks is told in. */
  agentLanguage?: (account: string) => string | undefined;
}): PairingHandler {
  return async (msg: InboundMessage, reply: Replier, log: Logger): Promise<void> => {
    const outcome = await deps.request(msg.account, msg);
    if (outcome.kind === "created") {
      deps.onRequest?.(msg.account);
      log.info({ senderId: msg.senderId, code: outcome.code }, "pairing requested");
    }
    const text = pairingReply(msg, outcome, textsFor(msg.languageCode, deps.agentLanguage?.(msg.account)));
    if (text) await reply.send([text]);
  };
}
