import type { Api } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../log/logger.js";
import type { BotIdentity, InboundMessage } from "../core/inbound-message.js";
import type { InlineHandler } from "../core/inline-query.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { ReactionEvent } from "../core/reaction-event.js";
import type { Replier } from "../core/replier.js";
import { answerCallbackQuery } from "./answer-callback.js";
import type { AccountBacklog } from "./account-state.js";
import { createBusyNotices, type TurnedAway } from "./busy-notices.js";
import { chatCapacity, chatPerMinute } from "./chat-pace.js";
import { createInlineReplier } from "./inline-replier.js";
import { createRichGate } from "./rich-gate.js";
import type { Journal } from "./journal/journal.js";
import type { MembershipEvent } from "./membership-event.js";
import type { StreamStops } from "./stream-stops.js";
import type { ReplyTarget } from "./telegram-replier.js";
import { createUpdateIntake, type UpdateIntake } from "./update-intake.js";
import { createUpdateProcessor, type UpdateProcessor } from "./update-processor.js";

export interface AccountProcessorDeps {
  account: string;
  journal: Journal;
  log: Logger;
  api: Api;
  identity: () => BotIdentity;
  handler: MessageHandler;
  inline?: InlineHandler;
  replierFor: (target: ReplyTarget) => Replier;
  /** Hands an update back to the bot (a retry). */
  resubmit: (update: Update) => void;
  onMembership?: (event: MembershipEvent) => void;
  onReaction?: (event: ReactionEvent, log: Logger) => void;
  /** Updates run at once across the account's chats. */
  concurrency: number;
  /** Most updates held in memory waiting for their chat. */
  backlogLimit: number;
  /** A busy chat's bound, ms (0: none): past it questions are turned away. */
  busyChatMs: number;
  /** The drafts a user may stop (the replier registers them). */
  stops?: StreamStops;
}

/** The parts of one account that take, hold and run its updates. */
export interface AccountWork {
  processor: UpdateProcessor;
  /** Takes the runner's updates (docs/busy-chats.md). */
  intake: UpdateIntake;
  /** The backlog and the busy notices, as /status shows them. */
  backlog: () => AccountBacklog;
}

/**
 * The update processor of one account, its intake and its busy notices: a question turned away
 * because its chat is over its bound is told through the notices (docs/busy-chats.md), which
 * forget a chat's askers once its backlog is gone; a tap nobody handles is answered through the
 * account's API.
 */
export function createAccountProcessor(deps: AccountProcessorDeps): AccountWork {
  const { api, log, inline } = deps;
  const notices = createBusyNotices({
    perMinute: (chat) => chatPerMinute(chat),
    async send(first, html) {
      await deps.replierFor(placeOf(first)).send([html]);
    },
  });
  // Inline results' own rich gate: a refusal there is remembered for them until a restart.
  const inlineRich = createRichGate(log);
  const processor = createUpdateProcessor({
    account: deps.account,
    journal: deps.journal,
    log,
    handler: deps.handler,
    identity: deps.identity,
    replierFor: deps.replierFor,
    resubmit: deps.resubmit,
    turnAway: (msg) => notices.turnAway(turnedAway(msg)),
    answerTap: (queryId, text) => answerCallbackQuery(api, log, queryId, text),
    ...(deps.stops ? { onGenerationStopped: deps.stops.stop } : {}),
    ...(deps.onMembership ? { onMembership: deps.onMembership } : {}),
    ...(deps.onReaction ? { onReaction: deps.onReaction } : {}),
    ...(inline
      ? {
          inline,
          inlineReplierFor: (queryId: string) => createInlineReplier({ api, log, rich: inlineRich }, queryId),
        }
      : {}),
  });
  const intake = createUpdateIntake({
    processor,
    concurrency: deps.concurrency,
    limit: deps.backlogLimit,
    capacity: chatCapacity(deps.busyChatMs),
    onIdle: (chat) => notices.forget(chat),
  });
  return { processor, intake, backlog: () => ({ ...intake.view(), ...notices.counts() }) };
}

/** A question turned away, named by its sender (a user, or the chat it was sent on behalf of). */
function turnedAway(msg: InboundMessage): TurnedAway {
  return {
    chatId: msg.chatId,
    updateId: msg.updateId,
    messageId: msg.messageId,
    ...(msg.threadId !== undefined ? { threadId: msg.threadId } : {}),
    askerKey: String(msg.senderId ?? msg.senderChatId ?? 0),
    ...askerNameOf(msg),
    ...(msg.languageCode !== undefined ? { askerLanguage: msg.languageCode } : {}),
  };
}

function askerNameOf(msg: InboundMessage): { askerName?: string } {
  const name = msg.senderName ?? (msg.senderUsername ? `@${msg.senderUsername}` : undefined);
  return name === undefined ? {} : { askerName: name };
}

/** Where a busy notice goes: as a reply to the first question it covers, outside any chat's order. */
function placeOf(first: TurnedAway): ReplyTarget {
  return {
    updateId: first.updateId,
    chatId: first.chatId,
    messageId: first.messageId,
    ...(first.threadId !== undefined ? { threadId: first.threadId } : {}),
  };
}
