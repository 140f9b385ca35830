import type { ChatMigrations } from "../core/chat-migrations.js";
import type { Metrics } from "../http/metrics.js";
import type { Logger } from "../log/logger.js";
import { type AnswerFeedback, createAnswerFeedback } from "../pipeline/answer-feedback.js";
import type { PairingStore } from "../policy/pairing-store.js";
import { openAnswerMap } from "../state/answer-map.js";
import { createFeedbackLog } from "../state/feedback-log.js";
import type { StateLayout } from "../state/layout.js";
import type { ConfigInForce } from "./apply-config.js";
import { stateWriteFailed } from "./state-write-errors.js";

/** Reactions as feedback: the answer map and the feedback log in the state directory. */
export function wireFeedback(deps: {
  config: ConfigInForce;
  pairing: PairingStore;
  layout: StateLayout;
  metrics: Metrics;
  logger: Logger;
  migrations: ChatMigrations;
}): AnswerFeedback & { flush(): Promise<void> } {
  const log = deps.logger.child({ component: "feedback" });
  const answers = openAnswerMap({
    file: deps.layout.answerMapFile,
    onProblem: ({ code, detail }) => {
      if (code === "answer-map-write") deps.metrics.stateWriteErrors.inc({ file: "answers" });
      log.warn(
        { code, detail, remedy: "nothing to change: reactions on older answers are not counted" },
        code === "answer-map-corrupt"
          ? "the answer map could not be read; it starts empty"
          : "the answer map cannot be written; reactions after a restart may not be counted",
      );
    },
  });
  const votes = createFeedbackLog({
    file: deps.layout.feedbackLogFile,
    onError: stateWriteFailed(
      deps.metrics,
      log,
      "feedback",
      "the feedback log cannot be written; votes are not recorded",
    ),
  });
  const feedback = createAnswerFeedback({
    runtime: () => deps.config.runtime,
    isApproved: (account, userId) => deps.pairing.isApproved(account, userId),
    migrations: deps.migrations,
    answers,
    votes,
    metrics: deps.metrics,
  });
  return {
    ...feedback,
    flush: async () => {
      await answers.flush();
      await votes.flush();
    },
  };
}
