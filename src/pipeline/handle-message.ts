import type { AgentSettings } from "../agents/agent-settings.js";
import type { ChatMigrations } from "../core/chat-migrations.js";
import type { InboundMessage } from "../core/inbound-message.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { Replier } from "../core/replier.js";
import { agentTexts } from "../agents/agent-language.js";
import { whoamiText } from "../agents/commands/read-commands.js";
import { textsFor } from "../i18n/index.js";
import type { Logger } from "../log/logger.js";
import type { GapLog } from "../state/gap-log.js";
import type { ReplyMemory } from "../state/reply-memory.js";
import { type Conversations, startsOver } from "./conversations.js";
import { admit, type Admission, type Denial } from "./admit.js";
import type { AnswerFeedback } from "./answer-feedback.js";
import type { AnswerStep } from "./answer-step.js";
import { type ChoiceFlow, TAP_NOTICES } from "./choice-tap.js";
import { createDeliver, type Deliver, type DeliverTo } from "./deliver.js";
import { pairingLookup } from "./pairing-lookup.js";
import { createRecorder, type Recorder, type ReplyMetrics } from "./record.js";
import type { RuntimeConfig } from "./runtime-config.js";
import type { Hear } from "./hear.js";
import { withHeard } from "./heard-quote.js";
import { createUnderstand } from "./understand.js";

type Labels = Partial<Record<string, string | number>>;

/** The counters the pipeline records; the operations endpoint's Prometheus metrics fit it. */
export interface PipelineMetrics extends ReplyMetrics {
  updates: { inc(labels: Labels): void };
  decisions: { inc(labels: Labels): void };
  answerSeconds: { observe(labels: Labels, seconds: number): void };
}

export interface PipelineDeps {
  /** The configuration in force; undefined before gateway.json was first loaded (nothing is let in). */
  runtime: () => RuntimeConfig | undefined;
  isApproved: (account: string, userId: string) => boolean;
  /** Starts or repeats pairing for an unknown DM sender and answers them. */
  pair: (msg: InboundMessage, reply: Replier, log: Logger) => Promise<void>;
  recordDenial: (msg: InboundMessage, decision: Denial) => void;
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
  /** Voice notes transcribed into questions (hear.ts); without it they get the media hint. */
  hear?: Hear;
  /** What a question follows up, and its turn kept; without it every question stands alone. */
  conversations?: Conversations;
  /** Clock of the media hint's rate limit and of the edit memory, ms. */
  now?: () => number;
}

/** The reaction set on a question while it is answered (agent setting `ackReaction`). */
export const ACK_EMOJI = "👀";

/**
 * The way of every message, as named steps: admit (admit.ts: policy, edits, the agent) → hear
 * (hear.ts: a voice note let in becomes the question heard in it) → understand (understand.ts: a tap, a hint, or what is asked) → answer (answer-step.ts: the
 * agent's Reply, cached) → deliver (deliver.ts) → record (record.ts: metrics, gap log, edit
 * memory, reactions). One Reply goes from the agent to delivery unchanged. Contract: never throws
 * for a policy or wiki problem; Telegram failures propagate so the account can retry the update.
 */
export function createMessagePipeline(deps: PipelineDeps): MessageHandler {
  const { metrics } = deps;
  const now = deps.now ?? Date.now;
  const pairings = pairingLookup(deps.isApproved, deps.migrations);
  const understand = createUnderstand({ now });
  const steps: Steps = {
    deps,
    deliver: createDeliver({ choices: deps.choices }),
    record: createRecorder({ ...deps, now }),
  };
  const recall = (msg: InboundMessage) =>
    deps.replies?.recall({ account: msg.account, chatId: msg.chatId, messageId: msg.messageId });

  return async (msg, receiving, log) => {
    const started = performance.now();
    metrics.updates.inc({ account: msg.account });
    recordUpgrade(deps, msg);
    const runtime = deps.runtime();
    const replier = sendsRich(runtime, msg.account) ? receiving : htmlOnly(receiving);
    const admission = admit(msg, { runtime, pairings, recall });
    const { decision } = admission;
    metrics.decisions.inc({
      account: msg.account,
      outcome: decision.allow ? "allow" : "deny",
      reason: decision.allow ? decision.via : decision.reason,
    });
    if (admission.to === "deny") return denied(steps, msg, admission, replier, log);
    if (admission.to === "no-agent") return logNoAgent(log, msg, admission);
    const { agent, replaces } = admission;
    if (msg.editDate !== undefined)
      log.info(
        { chatId: msg.chatId, messageId: msg.messageId, ...(replaces !== undefined ? { replaces } : {}) },
        "an edited message is answered again",
      );
    const hearing = deps.hear
      ? await deps.hear(msg, { agent, decision: admission.decision, replier, log })
      : ({ as: "message", msg } as const);
    if (hearing.as === "reply")
      return steps.record.delivered(msg, await steps.deliver(hearing.reply, { msg, replier }), agent.id);
    const understood = understand(hearing.msg, agentTexts(agent, msg.languageCode));
    if (understood.as === "tap") return deps.choices.tap(understood.msg, agent, replier, log);
    if (understood.as === "asked")
      return answered(
        steps,
        { msg: understood.asked, agent, replier, ...(replaces !== undefined ? { replaces } : {}) },
        started,
      );
    // The media hint answers the media, never in place of an earlier reply.
    const hint = understood.reply;
    const place = hint.kind !== "media-hint" && replaces !== undefined ? { replaces } : {};
    steps.record.delivered(msg, await steps.deliver(hint, { msg, replier, ...place }));
  };
}

/** The steps after admit and understand, built once per pipeline. */
interface Steps {
  deps: PipelineDeps;
  deliver: Deliver;
  record: Recorder;
}

/** A message not let in: what it still gets (admit.ts decides what). */
async function denied(
  { deps, deliver, record }: Steps,
  msg: InboundMessage,
  admission: Extract<Admission, { to: "deny" }>,
  replier: Replier,
  log: Logger,
): Promise<void> {
  deps.recordDenial(msg, admission.decision);
  // In the sender's language, else the language of the agent bound to the account.
  const texts = textsFor(msg.languageCode, deps.runtime()?.agents.get(msg.account)?.language);
  if (admission.remember) record.remember(msg, admission.remember);
  switch (admission.answer) {
    case "nothing":
      return;
    case "tap-notice":
      if (msg.callback) await replier.answerCallback(msg.callback.id, texts.t(TAP_NOTICES.denied));
      return;
    case "pairing":
      return deps.pair(msg, replier, log);
    case "whoami":
      return record.delivered(
        msg,
        await deliver({ kind: "whoami", chunks: [whoamiText(msg, texts)] }, { msg, replier }),
      );
  }
}

/**
 * A command or a question: the agent's reply (answer step) delivered and recorded, with "typing…"
 * and the acknowledgement while it is prepared. `started`: when the message came in (performance.now).
 */
async function answered(
  { deps, deliver, record }: Steps,
  to: DeliverTo & { agent: AgentSettings },
  started: number,
): Promise<void> {
  const { msg, agent, replier } = to;
  const stopTyping = replier.typing();
  const unacknowledge =
    agent.ackReaction && msg.command === undefined ? replier.acknowledge(ACK_EMOJI) : undefined;
  // A question's answer may be a model's, shown while it is written (a draft, a placeholder). Not
  // an edited question's: its answer replaces the earlier one by an edit, which ends no draft.
  const stream =
    msg.command === undefined && to.replaces === undefined
      ? replier.stream?.({ rich: sendsRich(deps.runtime(), msg.account) })
      : undefined;
  try {
    const { conversations } = deps;
    if (startsOver(msg)) await conversations?.startOver(msg);
    const earlier = msg.command === undefined ? ((await conversations?.earlier(msg, agent)) ?? []) : [];
    // A voice note's answer shows what was heard first (heard-quote.ts).
    const reply = withHeard(await deps.answer(msg, agent, stream, earlier), msg.heard);
    // "typing…" covers preparing the answer only: a reply that is slow to send (a busy Bot API,
    // pacing) must not add a sendChatAction call per message, and the reply ends it anyway.
    stopTyping();
    const delivered = await deliver(reply, to);
    record.delivered(msg, delivered, agent.id);
    // An edited question's answer replaces the one its turn was kept with.
    if (msg.editDate === undefined)
      await conversations?.record(msg, earlier, reply, delivered.sent?.messageIds ?? []);
    deps.metrics.answerSeconds.observe({ account: msg.account }, (performance.now() - started) / 1000);
  } finally {
    stopTyping();
    unacknowledge?.();
    // After the answer went out (or failed): no draft or placeholder is left behind.
    await stream?.close();
  }
}

/** A group upgrade's service message: the new id is used from now on, and the operator told. */
function recordUpgrade(deps: PipelineDeps, msg: InboundMessage): void {
  if (msg.migrateToChatId !== undefined)
    deps.migrations?.record(msg.account, msg.chatId, msg.migrateToChatId);
  if (msg.migrateFromChatId !== undefined)
    deps.migrations?.record(msg.account, msg.migrateFromChatId, msg.chatId);
}

function logNoAgent(
  log: Logger,
  msg: InboundMessage,
  admission: Extract<Admission, { to: "no-agent" }>,
): void {
  if (admission.missing === "no-binding")
    log.error(
      { code: "no-binding", remedy: `add a binding for account ${msg.account} to gateway.json` },
      "no agent is bound to this account",
    );
  else
    log.error(
      { code: "unknown-agent", agentId: admission.decision.agentId, remedy: "define the agent in agents" },
      "the agent this group or topic names is not known",
    );
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
