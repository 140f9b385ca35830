import { type BotUpdates, createBotUpdates } from "./bot-updates.js";
import type { PendingInline, PendingQuery } from "./pending-queries.js";
import type { ChatStore } from "./chat-store.js";
import type { DraftBoard } from "./draft-board.js";
import type { FaultState } from "./faults.js";
import type { FileStore } from "./files.js";
import type { CallLog, SentLog } from "./logs.js";
import { type Registry, usernameKey } from "./registry.js";
import type { DeletedMessage, SandboxBot } from "./types.js";

/** Per-bot server state besides identity. */
export interface BotState {
  bot: SandboxBot;
  key: string;
  updates: BotUpdates;
  /** setMyCommands per `JSON(scope)|language_code`. */
  commands: Map<string, unknown[]>;
}

/** Everything the Bot API methods and the control API share. */
export interface World {
  /** Sandbox clock, ms (injectable). */
  now(): number;
  registry: Registry;
  chats: ChatStore;
  faults: FaultState;
  sent: SentLog;
  calls: CallLog;
  /** State of a bot, by username (throws SandboxError for an unknown one). */
  botState(username: string): BotState;
  allBotStates(): BotState[];
  /** Private chats a user has opened (a bot cannot write first): `${botKey}|${userId}`. */
  openDms: Set<string>;
  /** Callback queries handed to bots, by id (answerCallbackQuery checks them). */
  callbackQueries: Map<string, PendingQuery>;
  /** Inline queries handed to bots, by id (answerInlineQuery checks them). */
  inlineQueries: Map<string, PendingInline>;
  /** Message drafts streamed to private chats (drafts.ts). */
  drafts: DraftBoard;
  /** Messages the bots deleted (deleteMessage), oldest first. */
  deleted: DeletedMessage[];
  /** Files users sent with real bytes (getFile, the download path). */
  files: FileStore;
}

/** Seconds of the sandbox clock, for message `date`. */
export const unixTime = (world: Pick<World, "now">) => Math.floor(world.now() / 1000);

export function createBotStates(registry: Registry, now: () => number) {
  const states = new Map<string, BotState>();
  return {
    get(username: string): BotState {
      const bot = registry.bot(username);
      const key = usernameKey(bot.username);
      let state = states.get(key);
      if (!state) {
        // update_ids are opaque: start each bot somewhere different, as Telegram does.
        const first = 100_000_000 + Math.floor(Math.random() * 800_000_000);
        state = { bot, key, updates: createBotUpdates(now, first), commands: new Map() };
        states.set(key, state);
      }
      return state;
    },
    all: () => [...states.values()],
  };
}
