import type { PageRef } from "../core/reply.js";
import type { ChatMigrations } from "../core/chat-migrations.js";
import type { ReactionEvent } from "../core/reaction-event.js";
import type { Logger } from "../log/logger.js";
import { evaluateReaction } from "../policy/reaction-rule.js";
import type { AnswerMap, Vote } from "../state/answer-map.js";
import type { FeedbackLog } from "../state/feedback-log.js";
import type { RuntimeConfig } from "./runtime-config.js";
import { pairingLookup } from "./pairing-lookup.js";
import { voteOf } from "./vote-sign.js";

type Labels = Partial<Record<string, string | number>>;

/** Why a reaction was not counted, besides a policy reason code. */
export type IgnoredReaction = "not-an-answer" | "not-a-vote";

export interface AnswerFeedback {
  /** Remembers the page an answer came from, under each message id it was sent as. */
  answered(
    at: { account: string; chatId: number; threadId?: number; forum?: boolean },
    agent: string,
    page: PageRef,
    messageIds: readonly number[],
  ): void;
  /**
   * A reaction changed. Counted when it is on a kept answer, by a user the policy allows in that
   * chat, and moves that user's vote: the vote before (from the map, not from `old_reaction`) is
   * withdrawn and the new one cast. Never throws.
   */
  react(event: ReactionEvent, log: Logger): void;
}

export interface AnswerFeedbackDeps {
  runtime: () => RuntimeConfig | undefined;
  isApproved: (account: string, userId: string) => boolean;
  migrations?: Pick<ChatMigrations, "migratedFrom">;
  answers: Pick<AnswerMap, "remember" | "find" | "vote">;
  votes: Pick<FeedbackLog, "append">;
  metrics: {
    /** Votes by account, agent, sign (positive, negative) and change (cast, withdrawn). */
    votes: { inc(labels: Labels): void };
    /** Reactions not counted, by account and reason (IgnoredReaction or a policy reason code). */
    reactionsIgnored: { inc(labels: Labels): void };
  };
}

const SIGN: Record<Vote, "positive" | "negative"> = { 1: "positive", [-1]: "negative" };

/**
 * Users' reactions as feedback on the bot's answers: the answers are remembered (answer map), a
 * reaction becomes at most one vote per user and answer, and each change goes to the feedback log
 * as aggregate records (page, agent, sign, +1 or -1), never with the user.
 */
export function createAnswerFeedback(deps: AnswerFeedbackDeps): AnswerFeedback {
  const { metrics } = deps;
  const ignore = (event: ReactionEvent, reason: string) =>
    metrics.reactionsIgnored.inc({ account: event.account, reason });

  return {
    answered(at, agent, page, messageIds) {
      for (const messageId of messageIds) {
        deps.answers.remember(
          { account: at.account, chatId: at.chatId, messageId },
          {
            agent,
            page: { path: page.path, title: page.title },
            ...(at.threadId !== undefined ? { threadId: at.threadId } : {}),
            ...(at.forum !== undefined ? { forum: at.forum } : {}),
          },
        );
      }
    },
    react(event, log) {
      const key = { account: event.account, chatId: event.chatId, messageId: event.messageId };
      const answer = deps.answers.find(key);
      if (!answer) {
        log.debug(
          { chatId: event.chatId, messageId: event.messageId },
          "reaction on a message that is not a kept answer",
        );
        return ignore(event, "not-an-answer");
      }
      const policy = deps.runtime()?.policies.get(event.account);
      const decision = policy
        ? evaluateReaction(event, policy, pairingLookup(deps.isApproved, deps.migrations), answer)
        : ({ allow: false, reason: "account-disabled" } as const);
      if (!decision.allow) {
        log.info(
          { chatId: event.chatId, chatType: event.chatType, senderId: event.userId, reason: decision.reason },
          "reaction not counted",
        );
        return ignore(event, decision.reason);
      }
      const vote = voteOf(event.newEmoji);
      const previous = deps.answers.vote(key, event.userId!, vote);
      if (previous === undefined || previous === vote) {
        if (vote === 0) ignore(event, "not-a-vote");
        return;
      }
      const record = (sign: Vote, delta: 1 | -1) => {
        deps.votes.append({ agent: answer.agent, page: answer.page, sign: SIGN[sign], delta });
        metrics.votes.inc({
          account: event.account,
          agent: answer.agent,
          sign: SIGN[sign],
          change: delta === 1 ? "cast" : "withdrawn",
        });
      };
      if (previous !== 0) record(previous, -1);
      if (vote !== 0) record(vote, 1);
      log.info(
        { agent: answer.agent, page: answer.page.path, vote: vote === 0 ? "withdrawn" : SIGN[vote] },
        "vote recorded",
      );
    },
  };
}
