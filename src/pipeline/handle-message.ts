import type { MessageHandler } from "../core/message-handler.js";
import type { InboundMessage } from "../core/inbound-message.js";
import type { ChatMigrations } from "../core/chat-migrations.js";
import type { Replier, SentReply } from "../core/replier.js";
import { whoamiText } from "../agents/commands/read-commands.js";
import type { Logger } from "../log/logger.js";
import type { Decision } from "../policy/decision.js";
import { decideEdit } from "../policy/edit-rule.js";
import { evaluate, mayAskWhoamiInGroup } from "../policy/evaluate.js";
import type { GapLog } from "../state/gap-log.js";
import type { AnswerFeedback } from "./answer-feedback.js";
import type { ReplyMemory, ReplyOutcome } from "../state/reply-memory.js";
import type { AnswerOutcome, AnswerStep } from "./answer-step.js";
import { type ChoiceFlow, TAP_NOTICES } from "./choice-tap.js";
import { INLINE_ACCESS_START } from "./inline-flow.js";
import { pairingLookup } from "./pairing-lookup.js";
import { questionOf } from "./question-text.js";
import { answeringAgent, type RuntimeConfig } from "./runtime-config.js";

type Labels = Partial<Record<string, string | number>>;

/** The counters the pipeline records; the operations endpoint's Prometheus metrics fit it. */
export interface PipelineMetrics {
  updates: { inc(labels: Labels): void };
  decisions: { inc(labels: Labels): void };
  answers: { inc(labels: Labels): void };
  /** Questions by how they were answered: answered, choices, nothing. */
  answerConfidence: { inc(labels: Labels): void };
  answerSeconds: { observe(labels: Labels, seconds: number): void };
}

export interface PipelineDeps {
  /** The configuration in force; undefined before gateway.json was first loaded (nothing is let in). */
  runtime: () => RuntimeConfig | undefined;
  isApproved: (account: string, userId: string) => boolean;
  /** Starts or repeats pairing for an unknown DM sender and answers them. */
  pair: (msg: InboundMessage, reply: Replier, log: Logger) => Promise<void>;
  recordDenial: (msg: InboundMessage, decision: Extract<Decision, { allow: false }>) => void;
  answer: AnswerStep;
  choices: ChoiceFlow;
  gaps: Pick<GapLog, "append">;
  metrics: PipelineMetrics;
  /** Group upgrades: the service messages are recorded here, and an upgraded group keeps its entry. */
  migrations?: Pick<ChatMigrations, "record" | "migratedFrom">;
  /** Remembers which page each sent answer came from, for the reactions to come. */
  feedback?: Pick<AnswerFeedback, "answered">;
  /** What came of recent messages, for their edits; without it every edit counts as a message never seen. */
  replies?: Pick<ReplyMemory, "recall" | "remember">;
  /** Clock of the media hint's rate limit, ms. */
  now?: () => number;
}

/** How a plain question's outcome counts in the confidence metric and the gap log. */
const QUESTION_OUTCOMES: Partial<Record<string, "answered" | "choices" | "nothing">> = {
  answer: "answered",
  choices: "choices",
  "not-found": "nothing",
};
/** The reaction set on a question while it is answered (agent setting `ackReaction`). */
export const ACK_EMOJI = "👀";
/** What an answer's kind means to a later edit of the question. */
const EDIT_OUTCOMES: Partial<Record<string, ReplyOutcome>> = { choices: "choices", "not-found": "nothing" };
/** A DM that holds only media gets the text hint at most once per chat in this time. */
export const MEDIA_HINT_INTERVAL_MS = 10 * 60 * 1000;

export const MEDIA_HINT_TEXT =
  "I answer questions written as text. Please type your question (a photo or a document needs a caption saying what you want to know).";
export const MENTION_HINT_TEXT =
  "Ask me something: write your question after the mention, for example “how do I restore a backup?”. /help lists what I can do.";

/**
 * The way of every message: policy decision → (pairing | denial with a reason | the bound agent)
 * → reply through the receiving account. Contract: never throws for a policy or wiki problem;
 * Telegram failures propagate so the account can retry the update.
 *
 * Besides the agent's answers: `/whoami` in a DM for anyone (unless `dmPolicy` is `disabled`: no
 * reply at all), and in a group for a sender the chat-independent rules allow
 * (mayAskWhoamiInGroup); a DM holding only media gets a short hint (rate-limited per chat); a bare
 * mention gets a short "ask me something". Every outcome is counted under its own `kind`.
 *
 * An edited message passes the same policy, then `decideEdit` (policy/edit-rule.ts) with what the
 * reply memory holds of the original: answered again (in place of the bot's "nothing found",
 * choices or hint), or ignored with an `edit-*` reason. What came of each message is remembered.
 */
export function createMessagePipeline(deps: PipelineDeps): MessageHandler {
  const { metrics } = deps;
  const now = deps.now ?? Date.now;
  const mediaHinted = new Map<string, number>();
  const count = (msg: InboundMessage, kind: string, agent?: string) =>
    metrics.answers.inc({ account: msg.account, ...(agent ? { agent } : {}), kind });

  /** Counts a plain question by outcome, and records the ones the wiki left unanswered. */
  const countQuestion = (msg: InboundMessage, agent: string, out: AnswerOutcome) => {
    const outcome = QUESTION_OUTCOMES[out.kind];
    if (!outcome) return;
    metrics.answerConfidence.inc({ account: msg.account, agent, outcome });
    if (outcome !== "answered") deps.gaps.append({ agent, kind: outcome, question: msg.args });
  };
  const memoryKey = (msg: InboundMessage) => ({
    account: msg.account,
    chatId: msg.chatId,
    messageId: msg.messageId,
  });
  /** Remembers what came of a message (not of a tap), for a later edit of it. */
  const remember = (msg: InboundMessage, outcome: ReplyOutcome, sent?: SentReply | void) => {
    if (msg.callback || !deps.replies) return;
    deps.replies.remember(memoryKey(msg), {
      outcome,
      at: msg.date > 0 ? msg.date * 1000 : now(),
      ...(sent ? { replyId: sent.messageId } : {}),
    });
  };
  return async (msg, replier, log) => {
    const started = performance.now();
    metrics.updates.inc({ account: msg.account });
    recordUpgrade(msg);
    const runtime = deps.runtime();
    const reply = sendsRich(runtime, msg.account) ? replier : htmlOnly(replier);
    const policy = runtime?.policies.get(msg.account);
    const policyDecision: Decision = policy
      ? evaluate(msg, policy, pairingLookup(deps.isApproved, deps.migrations))
      : { allow: false, reason: "account-disabled" };
    let decision = policyDecision;
    let replaces: number | undefined;
    if (msg.editDate !== undefined) {
      const edit = decideEdit(msg, policyDecision, deps.replies?.recall(memoryKey(msg)));
      if ("answer" in edit) {
        replaces = edit.replaces;
        log.info(
          { chatId: msg.chatId, messageId: msg.messageId, ...(replaces !== undefined ? { replaces } : {}) },
          "an edited message is answered again",
        );
      } else decision = edit;
    }
    metrics.decisions.inc({
      account: msg.account,
      outcome: decision.allow ? "allow" : "deny",
      reason: decision.allow ? decision.via : decision.reason,
    });
    if (!decision.allow) {
      deps.recordDenial(msg, decision);
      // An ignored edit leaves what is remembered of the original as it was.
      if (msg.editDate !== undefined) return;
      // A tap is always answered (or the user sees a spinner); it never starts pairing.
      if (msg.callback) return reply.answerCallback(msg.callback.id, TAP_NOTICES.denied);
      if (decision.reason === "not-addressed") remember(msg, "not-addressed");
      if (decision.pairing) {
        remember(msg, "answered");
        return deps.pair(msg, reply, log);
      }
      // /whoami works for someone not let in: they need their id (and the group's) to be let in.
      // So does `/start access` in a DM, sent by inline mode's "Ask for access" button. Under
      // `dmPolicy: "disabled"` a DM gets no reply at all (access-policy.md).
      const whoami =
        msg.chatType === "private"
          ? decision.reason !== "dm-disabled" && asksForId(msg)
          : policy !== undefined && mayAskWhoamiInGroup(msg, policy);
      if (whoami) {
        remember(msg, "answered", await reply.send([whoamiText(msg)]));
        count(msg, "whoami");
      }
      return;
    }
    const agent = answeringAgent(runtime, msg.account, decision.agentId);
    if (!agent) {
      if (decision.agentId === undefined)
        log.error(
          { code: "no-binding", remedy: `add a binding for account ${msg.account} to gateway.json` },
          "no agent is bound to this account",
        );
      else
        log.error(
          { code: "unknown-agent", agentId: decision.agentId, remedy: "define the agent in agents" },
          "the agent this group or topic names is not known",
        );
      return;
    }
    if (msg.callback) return deps.choices.tap({ ...msg, callback: msg.callback }, agent, reply, log);
    if (msg.content === "media") {
      // Only DMs get here: in groups media without a caption is denied.
      const key = `${msg.account}|${msg.chatId}`;
      const last = mediaHinted.get(key);
      if (last !== undefined && now() - last < MEDIA_HINT_INTERVAL_MS)
        return count(msg, "media-hint-suppressed");
      mediaHinted.set(key, now());
      remember(msg, "answered", await reply.send([MEDIA_HINT_TEXT]));
      return count(msg, "media-hint");
    }
    const question = questionOf(msg);
    const sendOptions = replaces !== undefined ? { replaces } : {};
    if (msg.command === undefined && question === "") {
      if (!msg.mentionsBot) {
        remember(msg, "nothing");
        return count(msg, "empty");
      }
      remember(msg, "nothing", await reply.send([MENTION_HINT_TEXT], sendOptions));
      return count(msg, "mention-hint");
    }
    const stopTyping = reply.typing();
    const unacknowledge =
      agent.ackReaction && msg.command === undefined ? reply.acknowledge(ACK_EMOJI) : undefined;
    try {
      const asked = question === msg.args ? msg : { ...msg, args: question };
      const out = await deps.answer(asked, agent);
      // "typing…" covers preparing the answer only: a reply that is slow to send (a busy Bot API,
      // pacing) must not add a sendChatAction call per message, and the reply ends it anyway.
      stopTyping();
      let sent: SentReply | void = undefined;
      if (out.choices && out.choices.length > 0)
        sent = await deps.choices.offer(asked, agent, out, reply, replaces);
      else if (out.chunks.length > 0)
        sent = await reply.send(out.chunks, { ...sendOptions, ...(out.rich ? { rich: out.rich } : {}) });
      remember(msg, EDIT_OUTCOMES[out.kind] ?? "answered", sent);
      if (out.page && sent) deps.feedback?.answered(msg, agent.id, out.page, sent.messageIds);
      if (msg.command === undefined) countQuestion(asked, agent.id, out);
      count(msg, out.kind, agent.id);
      metrics.answerSeconds.observe({ account: msg.account }, (performance.now() - started) / 1000);
    } finally {
      stopTyping();
      unacknowledge?.();
    }
  };

  /** A group upgrade's service message: the new id is used from now on, and the operator told. */
  function recordUpgrade(msg: InboundMessage): void {
    if (msg.migrateToChatId !== undefined)
      deps.migrations?.record(msg.account, msg.chatId, msg.migrateToChatId);
    if (msg.migrateFromChatId !== undefined)
      deps.migrations?.record(msg.account, msg.migrateFromChatId, msg.chatId);
  }
}

/** A DM asking for the sender's id: `/whoami`, or `/start access` from inline mode's button. */
function asksForId(msg: InboundMessage): boolean {
  return msg.command === "whoami" || (msg.command === "start" && msg.args === INLINE_ACCESS_START);
}

/** The account sends rich messages (`richMessages: "auto"`, read at each message: hot reload applies). */
function sendsRich(runtime: RuntimeConfig | undefined, account: string): boolean {
  return runtime?.config.accounts[account]?.richMessages === "auto";
}

/** The replier with every rich alternative left out: only the HTML chunks are sent. */
function htmlOnly(replier: Replier): Replier {
  return {
    ...replier,
    send: (chunks, options) => {
      if (!options?.rich) return replier.send(chunks, options);
      const { rich: _rich, ...rest } = options;
      return replier.send(chunks, rest);
    },
  };
}
