import type { Update } from "grammy/types";
import type { Logger } from "../log/logger.js";
import type { InlineHandler, InlineReplier } from "../core/inline-query.js";
import type { ReactionEvent } from "../core/reaction-event.js";
import { textsFor } from "../i18n/index.js";
import { type MembershipEvent, toMembershipEvent } from "./membership-event.js";
import { toReactionEvent } from "./reaction-event.js";
import { toChosenInlineResult, toInlineQuery } from "./to-inline.js";

export interface SideUpdateDeps {
  account: string;
  /** The bot was added to or removed from a chat, or blocked or unblocked by a user. */
  onMembership?: (event: MembershipEvent) => void;
  /** A user's reaction on a message changed (message_reaction). Must not throw. */
  onReaction?: (event: ReactionEvent, log: Logger) => void;
  /** Inline queries and chosen inline results; without it they are ignored (logged). */
  inline?: InlineHandler;
  inlineReplierFor?: (queryId: string) => InlineReplier;
  /**
   * Answers a button tap that reaches no handler (answerCallbackQuery with a notice); resolves
   * when Telegram refuses it as too old. Without it such taps are only logged.
   */
  answerTap?: (queryId: string, text: string) => Promise<void>;
  /**
   * The user pressed the stop button of a draft (stopped_message_generation): true when it was an
   * answer being written (it is cancelled), false for a draft unknown or finished.
   */
  onGenerationStopped?: (chatId: number, draftId: number) => boolean;
}

export interface SideUpdates {
  /**
   * Handles an update that is no message to answer (membership, reaction, inline query or
   * result): true when it was one (it is then finished, never retried), false for the rest.
   */
  handle(update: Update, log: Logger): Promise<boolean>;
  /** A tap that reaches no handler still stops its spinner; a failure to say so is only logged. */
  answerUnusableTap(update: Update, log: Logger): Promise<void>;
}

/** The updates beside messages: each is handled once, at once, and never answered in the chat. */
export function createSideUpdates(deps: SideUpdateDeps): SideUpdates {
  /**
   * An inline query or a chosen inline result goes to the inline handler, once: Telegram takes an
   * answer only within about 10 s, so a failure is not retried (the handler never rejects).
   */
  async function handleInline(update: Update, log: Logger): Promise<boolean> {
    const { inline, inlineReplierFor } = deps;
    if (!inline || !inlineReplierFor) return false;
    const query = toInlineQuery(update, deps.account);
    if (query) {
      await inline.query(query, inlineReplierFor(query.queryId), log);
      return true;
    }
    const chosen = toChosenInlineResult(update, deps.account);
    if (chosen) {
      await inline.chosen(chosen, log);
      return true;
    }
    return false;
  }

  return {
    async handle(update, log) {
      const stop = update.stopped_message_generation;
      if (stop) {
        const fields = { chatId: stop.chat.id, draftId: stop.draft_id };
        if (deps.onGenerationStopped?.(stop.chat.id, stop.draft_id))
          log.info(fields, "the asker stopped the answer");
        else log.debug(fields, "a stop for no answer being written: ignored");
        return true;
      }
      const membership = toMembershipEvent(update);
      if (membership) {
        log.info(
          { ...membership },
          `membership: the bot was ${membership.change} (chat ${membership.chatId})`,
        );
        deps.onMembership?.(membership);
        return true;
      }
      const reaction = toReactionEvent(update, deps.account);
      if (reaction) {
        try {
          deps.onReaction?.(reaction, log);
        } catch (error) {
          log.error({ err: error }, "the reaction could not be handled");
        }
        return true;
      }
      return handleInline(update, log);
    },
    async answerUnusableTap(update, log) {
      const query: unknown = update.callback_query;
      const fields = typeof query === "object" && query !== null ? (query as TapFields) : undefined;
      const id = fields?.id;
      if (typeof id !== "string" || id === "" || !deps.answerTap) return;
      // In the tapper's language (no agent is known here: else English).
      const language = fields?.from?.language_code;
      const notice = textsFor(typeof language === "string" ? language : undefined).t("tap.expired");
      try {
        await deps.answerTap(id, notice);
      } catch (error) {
        log.warn({ err: error }, "the unusable button tap could not be answered");
      }
    },
  };
}

/** What an unusable tap's answer reads of its callback query (read back from the journal: unchecked). */
interface TapFields {
  id?: unknown;
  from?: { language_code?: unknown };
}
