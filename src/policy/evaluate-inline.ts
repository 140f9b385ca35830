import type { DenyReason } from "./decision.js";
import { type AccountPolicy, evaluateDmSender, normaliseSender, type PairingLookup } from "./evaluate.js";

/** Who sent an inline query: all the policy needs of it (there is no chat the bot can see). */
export interface InlineSender {
  account: string;
  senderId?: number;
  senderIsBot: boolean;
}

export type InlineDecision =
  | { allow: true; via: "allowlist" | "pairing" | "open" }
  | {
      allow: false;
      reason: DenyReason;
      /**
       * The sender is shown the "Ask for access" button, which opens the private chat with the
       * bot: true where that chat can lead somewhere (pairing starts there, or under an allowlist
       * the sender learns the id to give the operator). False when nothing would come of it.
       */
      askAccess: boolean;
    };

/**
 * Decides whether an inline query is answered (access-policy.md). Pure.
 *
 * An inline query has a sender but no chat the bot can see, so the sender must pass the account's
 * DM rules: `allowFrom`, an approval under `dmPolicy: "pairing"`, or `dmPolicy: "open"`. Order:
 * account disabled; `inline: false` (inline-disabled); a bot or no sender; then the DM rules, whose
 * every denial is `inline-not-allowed`. Group rules never admit anyone to inline mode.
 */
export function evaluateInline(
  sender: InlineSender,
  policy: AccountPolicy,
  pairings: PairingLookup,
): InlineDecision {
  if (!policy.enabled) return deny("account-disabled", false);
  if (!policy.inline) return deny("inline-disabled", false);
  if (sender.senderIsBot) return deny("from-bot", false);
  const id = normaliseSender(sender.senderId);
  if (id === undefined) return deny("no-sender", false);
  const dm = evaluateDmSender(sender.account, id, policy, pairings);
  if (dm.allow && dm.via !== "group") return { allow: true, via: dm.via };
  const askAccess = policy.dmPolicy === "pairing" || policy.dmPolicy === "allowlist";
  return deny("inline-not-allowed", askAccess);
}

const deny = (reason: DenyReason, askAccess: boolean): InlineDecision => ({
  allow: false,
  reason,
  askAccess,
});
