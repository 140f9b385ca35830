import type { InboundMessage } from "../core/inbound-message.js";
import type { ReplyKind } from "../core/reply.js";
import type { SentMessages } from "../core/replier.js";
import type { GapLog } from "../state/gap-log.js";
import type { ReplyMemory, ReplyOutcome } from "../state/reply-memory.js";
import type { AnswerFeedback } from "./answer-feedback.js";
import type { Delivery } from "./deliver.js";

/** How a plain question was answered, for the confidence metric and the gap log. */
export type QuestionOutcome = "answered" | "choices" | "nothing";

/** The counters of what was said; the operations endpoint's Prometheus metrics fit them. */
export interface ReplyMetrics {
  /** Replies by kind, under the agent that made them (the pipeline's own hints have none). */
  answers: { inc(labels: { account: string; agent?: string; kind: ReplyKind }): void };
  /** Plain questions by how they were answered. */
  answerConfidence: { inc(labels: { account: string; agent: string; outcome: QuestionOutcome }): void };
}

/** What each kind of reply to a plain question counts as; undefined: not counted. */
export const QUESTION_OUTCOMES: Readonly<Record<ReplyKind, QuestionOutcome | undefined>> = {
  answer: "answered",
  choices: "choices",
  "not-found": "nothing",
  command: undefined,
  refused: undefined,
  error: undefined,
  whoami: undefined,
  "media-hint": undefined,
  "media-hint-suppressed": undefined,
  unheard: undefined,
  "mention-hint": undefined,
  empty: undefined,
};

/**
 * What each kind of reply means to a later edit of the message (policy/edit-rule.ts): "nothing"
 * and "choices" may be replaced by the edit's answer, "answered" may not; undefined: nothing is
 * remembered (an edit then counts as a message never seen).
 */
export const EDIT_OUTCOMES: Readonly<Record<ReplyKind, ReplyOutcome | undefined>> = {
  answer: "answered",
  choices: "choices",
  "not-found": "nothing",
  command: "answered",
  refused: "answered",
  error: "answered",
  whoami: "answered",
  "media-hint": "answered",
  "media-hint-suppressed": undefined,
  unheard: "answered",
  "mention-hint": "nothing",
  empty: "nothing",
};

export interface Recorder {
  /** Remembers what came of a message (never of a tap), for a later edit of it. */
  remember(msg: InboundMessage, outcome: ReplyOutcome, sent?: SentMessages): void;
  /**
   * After a reply was delivered: counted by kind (under `agent`, the agent that made it), what it
   * means to an edit remembered, its answering page kept for the reactions to come, and a plain
   * question's outcome counted, with the unanswered ones in the gap log.
   */
  delivered(msg: InboundMessage, delivery: Delivery, agent?: string): void;
}

/** Record: what came of each message, for metrics, the gap log, edits and reactions. */
export function createRecorder(deps: {
  metrics: ReplyMetrics;
  gaps: Pick<GapLog, "append">;
  /** Remembers which page each sent answer came from, for the reactions to come. */
  feedback?: Pick<AnswerFeedback, "answered">;
  /** What came of recent messages, for their edits; without it every edit counts as a message never seen. */
  replies?: Pick<ReplyMemory, "remember">;
  now: () => number;
}): Recorder {
  const remember: Recorder["remember"] = (msg, outcome, sent) => {
    if (msg.callback || !deps.replies) return;
    deps.replies.remember(
      { account: msg.account, chatId: msg.chatId, messageId: msg.messageId },
      {
        outcome,
        at: msg.date > 0 ? msg.date * 1000 : deps.now(),
        ...(sent ? { replyId: sent.messageId } : {}),
      },
    );
  };
  return {
    remember,
    delivered(msg, { reply, sent }, agent) {
      const outcome = EDIT_OUTCOMES[reply.kind];
      if (outcome) remember(msg, outcome, sent);
      if (agent !== undefined && reply.kind === "answer" && reply.page && sent)
        deps.feedback?.answered(msg, agent, reply.page, sent.messageIds);
      const question = QUESTION_OUTCOMES[reply.kind];
      if (agent !== undefined && msg.command === undefined && question) {
        deps.metrics.answerConfidence.inc({ account: msg.account, agent, outcome: question });
        if (question !== "answered") deps.gaps.append({ agent, kind: question, question: msg.args });
      }
      deps.metrics.answers.inc({
        account: msg.account,
        ...(agent !== undefined ? { agent } : {}),
        kind: reply.kind,
      });
    },
  };
}
