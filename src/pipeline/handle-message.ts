import type { MessageHandler } from "../core/message-handler.js";
import type { InboundMessage } from "../core/inbound-message.js";
import type { Replier } from "../core/replier.js";
import { whoamiText } from "../agents/commands/read-commands.js";
import type { Logger } from "../log/logger.js";
import type { Decision } from "../policy/decision.js";
import { evaluate } from "../policy/evaluate.js";
import type { GapLog } from "../state/gap-log.js";
import type { AnswerOutcome, AnswerStep } from "./answer-step.js";
import { type ChoiceFlow, TAP_NOTICES } from "./choice-tap.js";
import type { RuntimeConfig } from "./runtime-config.js";

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
}

/** How a plain question's outcome counts in the confidence metric and the gap log. */
const QUESTION_OUTCOMES: Partial<Record<string, "answered" | "choices" | "nothing">> = {
  answer: "answered",
  choices: "choices",
  "not-found": "nothing",
};

/**
 * The way of every message: policy decision → (pairing | denial with a reason | the bound agent)
 * → reply through the receiving account. Contract: never throws for a policy or wiki problem;
 * Telegram failures propagate so the account can retry the update.
 */
export function createMessagePipeline(deps: PipelineDeps): MessageHandler {
  const { metrics } = deps;
  /** Counts a plain question by outcome, and records the ones the wiki left unanswered. */
  const countQuestion = (msg: InboundMessage, agent: string, out: AnswerOutcome) => {
    const outcome = QUESTION_OUTCOMES[out.kind];
    if (!outcome) return;
    metrics.answerConfidence.inc({ account: msg.account, agent, outcome });
    if (outcome !== "answered") deps.gaps.append({ agent, kind: outcome, question: msg.args });
  };
  return async (msg, reply, log) => {
    const started = performance.now();
    metrics.updates.inc({ account: msg.account });
    const runtime = deps.runtime();
    const policy = runtime?.policies.get(msg.account);
    const decision: Decision = policy
      ? evaluate(msg, policy, { isApproved: deps.isApproved })
      : { allow: false, reason: "account-disabled" };
    metrics.decisions.inc({
      account: msg.account,
      outcome: decision.allow ? "allow" : "deny",
      reason: decision.allow ? decision.via : decision.reason,
    });
    if (!decision.allow) {
      deps.recordDenial(msg, decision);
      // A tap is always answered (or the user sees a spinner); it never starts pairing.
      if (msg.callback) return reply.answerCallback(msg.callback.id, TAP_NOTICES.denied);
      if (decision.pairing) return deps.pair(msg, reply, log);
      // /whoami works in a DM even for someone not let in: they need their id to be let in.
      if (msg.chatType === "private" && msg.command === "whoami") {
        await reply.send([whoamiText(msg)]);
      }
      return;
    }
    const agent = runtime?.agents.get(msg.account);
    if (!agent) {
      log.error(
        { code: "no-binding", remedy: `add a binding for account ${msg.account} to gateway.json` },
        "no agent is bound to this account",
      );
      return;
    }
    if (msg.callback) return deps.choices.tap({ ...msg, callback: msg.callback }, agent, reply, log);
    const stopTyping = reply.typing();
    try {
      const out = await deps.answer(msg, agent);
      if (out.choices && out.choices.length > 0) await deps.choices.offer(msg, agent, out, reply);
      else if (out.chunks.length > 0) await reply.send(out.chunks);
      if (msg.command === undefined) countQuestion(msg, agent.id, out);
      metrics.answers.inc({ account: msg.account, agent: agent.id, kind: out.kind });
      metrics.answerSeconds.observe({ account: msg.account }, (performance.now() - started) / 1000);
    } finally {
      stopTyping();
    }
  };
}
