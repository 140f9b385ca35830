import type { Logger } from "../log/logger.js";
import type { InlineHandler } from "../core/inline-query.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { PollGate } from "../core/poll-gate.js";
import type { ReactionEvent } from "../core/reaction-event.js";
import type { MembershipEvent } from "./membership-event.js";
import type { AccountState } from "./account-state.js";
import type { ApiCallEvent } from "./account-bot.js";
import type { CommandMenus } from "./command-menu.js";
import type { Journal } from "./journal/journal.js";
import type { StreamEvent } from "./stream-events.js";

/** One account's runner: its token and store, its handlers, and what it tells (account-runner.ts). */
export interface AccountRunnerOptions {
  account: string;
  token: string;
  apiRoot: string;
  journalFile: string;
  /** Opens the account's journal in another store (cluster mode: Redis); default: `journalFile`. */
  openJournal?: () => Journal;
  logger: Logger;
  handler: MessageHandler;
  /** Inline queries and chosen inline results; without it they are ignored (logged). */
  inline?: InlineHandler;
  toPlain: (html: string) => string;
  onApiCall?: (event: ApiCallEvent) => void;
  /** The bot was added to or removed from a chat, or blocked or unblocked (my_chat_member). */
  onMembership?: (account: string, event: MembershipEvent) => void;
  /** A reply found the group upgraded (400 with migrate_to_chat_id) and went to the new id. */
  onChatMigrated?: (account: string, oldChatId: number, newChatId: number) => void;
  /** A user's reaction on a message changed (message_reaction); must not throw. */
  onReaction?: (event: ReactionEvent, log: Logger) => void;
  onState?: (state: AccountState) => void;
  /** Updates handled at once (different chats, taking turns; one chat is always sequential). Default 64. */
  concurrency?: number;
  /** Most updates held in memory waiting for their chat's turn (default 2000); fetching waits past it. */
  backlogLimit?: number;
  /**
   * The bound of a busy chat, seconds (default 120): questions that could not be answered within
   * it at the chat's pace are turned away, their askers told once. 0: never (also without pacing).
   */
  busyChatSeconds?: number;
  /** Long-poll timeout in seconds. */
  pollTimeoutSeconds?: number;
  /** Largest answer read from the Bot API, bytes (default 4 MiB); past it the call fails. */
  responseMaxBytes?: number;
  /** Durable journal writes (fdatasync). */
  durableJournal?: boolean;
  /**
   * The account's command menus, asked at each start (they follow the language of the agent bound
   * then); registered with setMyCommands only where they differ from Telegram's.
   */
  commands?: (account: string) => CommandMenus;
  /** Keep Telegram's rates with an outgoing queue (default true); false leaves it to 429 and auto-retry. */
  pacing?: boolean;
  /** A message left the outgoing queue after waiting `waitedMs` for its turn. */
  onOutgoing?: (account: string, waitedMs: number) => void;
  /** What an answer's stream did (drafts, placeholders, stops: docs/models.md#streaming); must not throw. */
  onStream?: (account: string, event: StreamEvent) => void;
  /** Cluster mode: every getUpdates goes through this gate (the account's lease). */
  pollGate?: PollGate;
}
