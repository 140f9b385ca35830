import type { AgentSettings } from "../agents/agent-settings.js";
import type { WikiAgent } from "../agents/wiki-agent.js";
import type { InboundMessage } from "../core/inbound-message.js";
import { agentTexts } from "../agents/agent-language.js";
import type { MessageKey } from "../i18n/index.js";
import type { InlineButton, Replier, SentMessages } from "../core/replier.js";
import type { Logger } from "../log/logger.js";
import type { GapLog } from "../state/gap-log.js";
import type { ChoiceRefusal, ChoiceStore } from "./choice-store.js";
import type { AnswerFeedback } from "./answer-feedback.js";
import type { ReplyOf } from "../core/reply.js";

type Labels = Partial<Record<string, string | number>>;

/**
 * What a refused tap is told (a notice on the spinner, no message in the chat): its catalogue
 * key. The expired notice is the same words whoever taps, so it tells nothing about the chat or
 * the wiki (update-processor says it too, for a tap on a message the bot no longer sees).
 */
export const TAP_NOTICES = {
  "callback-expired": "tap.expired",
  "callback-forged": "tap.forged",
  denied: "tap.denied",
} as const satisfies Record<ChoiceRefusal | "denied", MessageKey>;

/** Longest button label, in characters (longer titles are cut with "…"). */
const LABEL_MAX = 60;

export interface ChoiceFlow {
  /**
   * Sends a "choices" reply with one button per page (in place of the bot's message `replaces`,
   * when given), and keeps the offer.
   */
  offer(
    msg: InboundMessage,
    agent: AgentSettings,
    out: ReplyOf<"choices">,
    reply: Replier,
    replaces?: number,
  ): Promise<SentMessages | void>;
  /** Answers an allowed tap: the spinner stopped, then the chosen page's answer (or a refusal notice). */
  tap(
    msg: InboundMessage & { callback: { id: string; data: string } },
    agent: AgentSettings,
    reply: Replier,
    log: Logger,
  ): Promise<void>;
}

/**
 * Choices offered on a weak match, and the taps on them. Contract: every tap is answered
 * (answerCallbackQuery), whatever happens; a tap whose data the store does not resolve for this
 * chat gets a notice and nothing else; an answered tap is recorded in the gap log with the
 * question and the page picked (never the user).
 */
export function createChoiceFlow(deps: {
  store: ChoiceStore;
  agent: Pick<WikiAgent, "answerChoice">;
  gaps: Pick<GapLog, "append">;
  taps: { inc(labels: Labels): void };
  /** Remembers the page a tap's answer came from, for the reactions to come. */
  feedback?: Pick<AnswerFeedback, "answered">;
}): ChoiceFlow {
  const { store } = deps;
  return {
    async offer(msg, agent, out, reply, replaces) {
      const pages = out.choices;
      const data = store.offer({
        account: msg.account,
        chatId: msg.chatId,
        agent: agent.id,
        question: msg.args,
        pages: [...pages],
      });
      // The offer is saved before its buttons can be tapped, so a tap after a restart finds it.
      await store.flush();
      const buttons: InlineButton[][] = pages.map((page, n) => [{ text: label(page.title), data: data[n]! }]);
      return reply.send(out.chunks, { buttons, ...(replaces !== undefined ? { replaces } : {}) });
    },
    async tap(msg, agent, reply, log) {
      const resolved = store.resolve(msg.callback.data, { account: msg.account, chatId: msg.chatId });
      if (!resolved.ok) {
        log.info({ reason: resolved.reason, chatId: msg.chatId }, "button tap refused");
        deps.taps.inc({ account: msg.account, outcome: resolved.reason });
        const notice = agentTexts(agent, msg.languageCode).t(TAP_NOTICES[resolved.reason]);
        await reply.answerCallback(msg.callback.id, notice);
        return;
      }
      const { offer, page } = resolved;
      await reply.answerCallback(msg.callback.id);
      const answer = await deps.agent.answerChoice(msg, offer.question, page, agent);
      if (answer.chunks.length > 0) {
        const sent = await reply.send(
          answer.chunks,
          answer.kind === "answer" && answer.rich ? { rich: answer.rich } : {},
        );
        if (answer.kind === "answer" && answer.page && sent)
          deps.feedback?.answered(msg, offer.agent, answer.page, sent.messageIds);
      }
      deps.gaps.append({ agent: offer.agent, kind: "tapped", question: offer.question, page });
      deps.taps.inc({ account: msg.account, outcome: "answered" });
    },
  };
}

function label(title: string): string {
  const chars = [...title.trim()];
  return chars.length > LABEL_MAX ? `${chars.slice(0, LABEL_MAX - 1).join("")}…` : chars.join("");
}
