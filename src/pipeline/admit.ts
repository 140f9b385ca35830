import type { AgentSettings } from "../agents/agent-settings.js";
import type { InboundMessage } from "../core/inbound-message.js";
import type { Decision } from "../policy/decision.js";
import { decideEdit } from "../policy/edit-rule.js";
import { type AccountPolicy, evaluate, mayAskWhoamiInGroup, type PairingLookup } from "../policy/evaluate.js";
import type { RememberedReply, ReplyOutcome } from "../state/reply-memory.js";
import { INLINE_ACCESS_START } from "./inline-flow.js";
import { answeringAgent, type RuntimeConfig } from "./runtime-config.js";

export type Allowed = Extract<Decision, { allow: true }>;
export type Denial = Extract<Decision, { allow: false }>;

/** What a message that is not let in still gets. */
export type DeniedAnswer =
  /** Nothing at all (an ignored edit included). */
  | "nothing"
  /** A button tap: its spinner stopped with the "not allowed" notice (a tap is always answered). */
  | "tap-notice"
  /** An unknown DM sender under `dmPolicy: "pairing"`: the pairing request starts or repeats. */
  | "pairing"
  /** The sender's id and the chat's: they need them to be let in (`/whoami`, `/start access`). */
  | "whoami";

/** The first step's verdict on a message. */
export type Admission =
  /** Let in: `agent` answers; an edit's answer replaces the bot's message `replaces`, if set. */
  | { to: "answer"; decision: Allowed; agent: AgentSettings; replaces?: number }
  /** Not let in; `remember`: what a later edit of it is to know (absent: nothing is remembered). */
  | { to: "deny"; decision: Denial; answer: DeniedAnswer; remember?: ReplyOutcome }
  /** Let in by the policy, but no agent is known to answer: gateway.json lacks a binding or an agent. */
  | { to: "no-agent"; decision: Allowed; missing: "no-binding" | "unknown-agent" };

export interface AdmitInput {
  /** The configuration in force; undefined before gateway.json was first loaded (nothing is let in). */
  runtime: RuntimeConfig | undefined;
  pairings: PairingLookup;
  /** What came of the original message of an edit (the reply memory); asked for edits only. */
  recall: (msg: InboundMessage) => RememberedReply | undefined;
}

/**
 * Admit: whether a message is answered, by which agent, and what a message not let in still gets.
 * Pure (it reads the memory, never writes it). The policy decides (policy/evaluate.ts); an edit
 * passes it as a new message, then `decideEdit` with what came of its original: answered again
 * (in place of the bot's "nothing found", choices or hint), or ignored with an `edit-*` reason.
 *
 * A denied message gets, in this order: a tap, the "not allowed" notice; an unknown DM sender
 * under pairing, the pairing reply; `/whoami` (and `/start access`) in a DM unless `dmPolicy` is
 * `disabled`, or in a group from a sender the chat-independent rules allow, their id; else nothing.
 */
export function admit(msg: InboundMessage, input: AdmitInput): Admission {
  const policy = input.runtime?.policies.get(msg.account);
  const decision: Decision = policy
    ? evaluate(msg, policy, input.pairings)
    : { allow: false, reason: "account-disabled" };
  let replaces: number | undefined;
  if (msg.editDate !== undefined) {
    const edit = decideEdit(msg, decision, input.recall(msg));
    // An ignored edit leaves what is remembered of the original as it was.
    if (!("answer" in edit)) return { to: "deny", decision: edit, answer: "nothing" };
    replaces = edit.replaces;
  }
  if (!decision.allow) return denied(msg, decision, policy);
  const agent = answeringAgent(input.runtime, msg.account, decision.agentId);
  if (!agent)
    return {
      to: "no-agent",
      decision,
      missing: decision.agentId === undefined ? "no-binding" : "unknown-agent",
    };
  return { to: "answer", decision, agent, ...(replaces !== undefined ? { replaces } : {}) };
}

function denied(msg: InboundMessage, decision: Denial, policy: AccountPolicy | undefined): Admission {
  const deny = (answer: DeniedAnswer, remember?: ReplyOutcome): Admission => ({
    to: "deny",
    decision,
    answer,
    ...(remember ? { remember } : {}),
  });
  // A tap is always answered (or the user sees a spinner); it never starts pairing.
  if (msg.callback) return deny("tap-notice");
  if (decision.pairing) return deny("pairing", "answered");
  // /whoami works for someone not let in: they need their id (and the group's) to be let in.
  // So does `/start access` in a DM, sent by inline mode's "Ask for access" button. Under
  // `dmPolicy: "disabled"` a DM gets no reply at all (access-policy.md).
  const whoami =
    msg.chatType === "private"
      ? decision.reason !== "dm-disabled" && asksForId(msg)
      : policy !== undefined && mayAskWhoamiInGroup(msg, policy);
  if (whoami) return deny("whoami");
  return decision.reason === "not-addressed" ? deny("nothing", "not-addressed") : deny("nothing");
}

/** A DM asking for the sender's id: `/whoami`, or `/start access` from inline mode's button. */
function asksForId(msg: InboundMessage): boolean {
  return msg.command === "whoami" || (msg.command === "start" && msg.args === INLINE_ACCESS_START);
}
