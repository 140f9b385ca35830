import type { ChatMigrations } from "../core/chat-migrations.js";
import type { InlineHandler } from "../core/inline-query.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { Metrics } from "../http/metrics.js";
import type { Logger } from "../log/logger.js";
import type { InlineSearch } from "../agents/inline-results.js";
import type { WikiAgent } from "../agents/wiki-agent.js";
import type { AnswerFeedback } from "../pipeline/answer-feedback.js";
import type { AnswerStep } from "../pipeline/answer-step.js";
import { createChoiceStore } from "../pipeline/choice-store.js";
import { createChoiceFlow } from "../pipeline/choice-tap.js";
import { createInlineFlow } from "../pipeline/inline-flow.js";
import { createChoiceFile } from "../state/choice-file.js";
import { createGapLog } from "../state/gap-log.js";
import type { StateLayout } from "../state/layout.js";
import { createMessagePipeline } from "../pipeline/handle-message.js";
import { createPairingHandler } from "../pipeline/pairing-flow.js";
import { createDenialLogger } from "../policy/denial-log.js";
import { EDIT_WINDOW_MS } from "../policy/edit-rule.js";
import { openReplyMemory } from "../state/reply-memory.js";
import { openConversationFile } from "../state/conversation-file.js";
import type { ConversationStore } from "../core/conversation.js";
import { createMemoryConversations } from "../pipeline/conversation-store.js";
import { createConversations } from "../pipeline/conversations.js";
import type { PairingStore } from "../policy/pairing-store.js";
import { createHear } from "../pipeline/hear.js";
import { createSee, hearThenSee } from "../pipeline/see.js";
import { createVoiceQuota } from "../pipeline/voice-quota.js";
import type { ConfigInForce } from "./apply-config.js";
import { stateWriteFailed } from "./state-write-errors.js";
import type { ModelsInForce } from "./wire-models.js";
import type { AppCode } from "./app-codes.js";

/**
 * The way of every message (and of every inline query), fed by the configuration in force and
 * the pairing store.
 */
export function wirePipeline(deps: {
  config: ConfigInForce;
  pairing: PairingStore;
  answer: AnswerStep;
  agent: WikiAgent;
  inlineSearch: InlineSearch;
  layout: StateLayout;
  metrics: Metrics;
  logger: Logger;
  migrations: ChatMigrations;
  feedback: Pick<AnswerFeedback, "answered">;
  /** The models in force: speech servers, models that see images, and where voice notes are counted. */
  models: Pick<ModelsInForce, "get" | "transcriber" | "speech">;
  /** Where conversations are kept in cluster mode (Redis); absent: conversations/turns.json. */
  conversationStore?: ConversationStore;
}): {
  pipeline: MessageHandler;
  inline: InlineHandler;
  /** Resolves once the state files of the way (gap log, offered choices, reply memory) are written. */
  flush(): Promise<void>;
} {
  const { pairing, metrics } = deps;
  const gaps = createGapLog({
    file: deps.layout.gapLogFile,
    onError: stateWriteFailed(
      metrics,
      deps.logger,
      "gaps",
      "the gap log cannot be written; questions are not recorded",
    ),
  });
  const choiceStore = createChoiceStore({
    file: createChoiceFile({
      file: deps.layout.choiceFile,
      onError: stateWriteFailed(
        metrics,
        deps.logger,
        "choices",
        "offered choices cannot be saved; their buttons expire at a restart",
      ),
    }),
    onInvalid: (lines) =>
      deps.logger.warn(
        { lines, file: deps.layout.choiceFile },
        "skipped unreadable lines of the offered choices",
      ),
  });
  const choices = createChoiceFlow({
    store: choiceStore,
    agent: deps.agent,
    gaps,
    taps: metrics.choiceTaps,
    feedback: deps.feedback,
  });
  const denials = createDenialLogger(deps.logger.child({ component: "policy" }));
  const isApproved = (account: string, userId: string) => pairing.isApproved(account, userId);
  const inline = createInlineFlow({
    runtime: () => deps.config.runtime,
    isApproved,
    search: deps.inlineSearch,
    recordDenial: (query, reason) => denials.recordInline(query, reason),
    gaps,
    metrics,
  });
  // Kept well past the edit window: an edit made in time may be read late (after a restart), and
  // must still find that its original was answered.
  const replies = openReplyMemory({
    file: deps.layout.replyMemoryFile,
    keepMs: EDIT_WINDOW_MS + REPLY_MEMORY_SLACK_MS,
    onError: stateWriteFailed(
      metrics,
      deps.logger,
      "replies",
      "the reply memory cannot be written; edits after a restart may be answered twice",
    ),
  });
  const conversationStore =
    deps.conversationStore ??
    createMemoryConversations({
      file: openConversationFile({
        file: deps.layout.conversationFile,
        onCorrupt: (detail) =>
          deps.logger.warn({ code: "conversations-file-corrupt" satisfies AppCode }, detail),
      }),
      onError: (err) =>
        deps.logger.warn(
          { err },
          "the conversations cannot be saved; follow-ups after a restart stand alone",
        ),
    });
  const conversations = createConversations({
    store: conversationStore,
    onError: (err) =>
      deps.logger.warn({ err }, "the conversation store failed; the question is answered alone"),
  });
  const pipeline = createMessagePipeline({
    runtime: () => deps.config.runtime,
    isApproved,
    pair: createPairingHandler({
      request: (account, msg) => pairing.request(account, msg),
      onRequest: (account) => metrics.pairingRequests.inc({ account }),
      agentLanguage: (account) => deps.config.runtime?.agents.get(account)?.language,
    }),
    recordDenial: (msg, decision) => denials.record(msg, decision),
    answer: deps.answer,
    choices,
    gaps,
    metrics,
    migrations: deps.migrations,
    feedback: deps.feedback,
    replies,
    hear: hearThenSee(
      createHear({
        transcriber: (name) => deps.models.transcriber(name),
        quota: createVoiceQuota({ now: Date.now }),
        meter: deps.models.speech,
      }),
      createSee({
        imageModel: (name) =>
          deps.config.runtime?.config.models[name]?.images === true ? deps.models.get(name) : undefined,
      }),
    ),
    conversations,
  });
  const flush = async () => {
    await Promise.all([gaps.flush(), choiceStore.flush(), replies.flush(), conversationStore.flush()]);
  };
  return { pipeline, inline, flush };
}

/** How long past the edit window what came of a message is remembered. */
const REPLY_MEMORY_SLACK_MS = 60 * 60_000;
