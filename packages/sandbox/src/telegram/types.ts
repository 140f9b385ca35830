import type { DraftFilter, DraftRecord, LiveDraft } from "./draft-board.js";
/** Public shapes of the Telegram sandbox (see index.ts for the contract of each member). */

export interface SandboxBot {
  id: number;
  token: string;
  username: string;
  firstName: string;
  /** Privacy mode (the Bot API default): in groups the bot sees only what is addressed to it. */
  privacy: boolean;
  /** Inline mode on (BotFather /setinline): getMe's `supports_inline_queries`. Off by default, as on Telegram. */
  inline: boolean;
}

export interface SandboxUser {
  id: number;
  firstName: string;
  username?: string;
  /** The IETF language tag of the user's Telegram client (`language_code`); "en" when not given. */
  languageCode?: string;
}

export interface SandboxChat {
  id: number;
  type: "private" | "group" | "supergroup";
  title?: string;
  /** A forum supergroup (topics); rendered as `is_forum: true`. */
  isForum?: boolean;
}

/** A channel; posts in it are forwarded automatically into its linked discussion group, if any. */
export interface SandboxChannel {
  id: number;
  title: string;
  /** The linked discussion group (a supergroup id). */
  discussionGroup?: number;
}

/** Media a user may send; photo, document and voice carry the message's `text` as their caption. */
export type MediaKind = "photo" | "sticker" | "voice" | "audio" | "video_note" | "document" | "location";

/** The real bytes of a user's media (POST say `fileBase64`, `mimeType`): getFile and the download serve them. */
export interface MediaUpload {
  bytes: Buffer;
  mimeType: string;
  /** Seconds; read from an OGG/Opus file when not given, else 1. */
  duration?: number;
  /** A photo's pixels (default 1280×720); its smaller sizes are listed as Telegram lists them. */
  width?: number;
  height?: number;
  /** A document's name. */
  fileName?: string;
}

/** The well-known senders Telegram uses for messages that are not a user's own. */
export const GROUP_ANONYMOUS_BOT_ID = 1087968824;
export const CHANNEL_BOT_ID = 136817688;
export const SERVICE_NOTIFICATIONS_ID = 777000;

export interface SentMessage {
  seq: number;
  /** The sending bot's username. */
  bot: string;
  chatId: number;
  /** The id the bot got back (and uses for editMessageText / deleteMessage). */
  messageId: number;
  /** Basic groups only: the id users see (what `userSays({ replyTo })` takes); elsewhere it equals messageId. */
  chatMessageId?: number;
  /** The text after entity parsing (tags and escapes removed). */
  text: string;
  parseMode?: string;
  replyToMessageId?: number;
  method: "sendMessage" | "editMessageText" | "sendRichMessage";
  /** Forum topic the message went to (absent: General, or not a forum). */
  threadId?: number;
  /** Sandbox clock, ms. */
  at: number;
  entities?: unknown[];
  /** The inline keyboard sent with the message (or set by the edit). */
  replyMarkup?: { inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>> };
  /** A rich message (sendRichMessage, or editMessageText with rich_message): `rich_message` as rendered; `text` is its plain text. */
  rich?: { blocks: Array<Record<string, unknown>>; is_rtl?: true };
}

/** A message a bot deleted (deleteMessage). */
export interface DeletedMessage {
  bot: string;
  chatId: number;
  messageId: number;
  /** Sandbox clock, ms. */
  at: number;
}

export interface CallRecord {
  seq: number;
  /** Username of the bot the token belongs to, "" for an unknown token. */
  bot: string;
  method: string;
  params: Record<string, unknown>;
  /** HTTP status answered (0 when the connection was dropped or the client went away). */
  status: number;
  at: number;
}

export interface FloodLimits {
  perChatPerSecond?: number;
  /** A private chat takes `perChatPerSecond × privateBurst` messages in any `privateBurst` seconds (short bursts pass). */
  privateBurst?: number;
  perBotPerSecond?: number;
  perGroupPerMinute?: number;
}

export interface ApiErrorSpec {
  code: number;
  description: string;
  retryAfter?: number;
}

export interface SandboxFaults {
  /** The next `count` (default 1) calls of `method` by `bot` answer this error and have no effect. */
  failNext(bot: string, method: string, error: ApiErrorSpec, count?: number): void;
  /** Sliding-window flood limits on sendMessage/editMessageText; past them 429 with retry_after. null = off. */
  flood(limits: FloodLimits | null): void;
  /** Each call of `bot` (or every bot: "*") fails with `status` (default 500) with probability `rate`. */
  serverErrors(bot: string, rate: number, status?: number): void;
  /**
   * A hostile Bot API: each getUpdates answer of `bot` (or every bot: "*") is followed by `bytes`
   * spaces, chunked and streamed (still valid JSON; its updates stay unconfirmed). 0: off.
   */
  absurdAnswers(bot: string, bytes: number): void;
  /** The next `count` calls take effect, then their socket is destroyed mid-response. */
  dropConnections(bot: string, count: number): void;
  /** Every call waits `ms` before it is handled (0 = off). */
  slow(bot: string, ms: number): void;
  /** Calls with the bot's token answer 401 Unauthorized until restored. */
  revokeToken(bot: string): void;
  restoreToken(bot: string): void;
  /** Sets a webhook as if another tool did: getUpdates answers 409 until it is deleted. */
  setWebhook(bot: string, url: string): void;
  /** Another process polls the bot: every getUpdates answers 409 (terminated by other getUpdates request) while active. */
  competingPoller(bot: string): { stop(): void };
  /** Outage: Bot API requests get their connection destroyed (the control API keeps working). */
  down(isDown: boolean): void;
  /** The user blocked the bot: sends to that private chat answer 403. */
  blockBot(bot: string, userId: number, blocked?: boolean): void;
  /** Removes every fault (webhooks set through setWebhook stay: they are bot state); flood limits go back to the sandbox's own. */
  clear(): void;
}

export interface UserSaysInput {
  from: number;
  /** A group id, or `{ bot }` for the private chat with that bot. */
  chat: number | { bot: string };
  /** The text, or the caption of `media` (required unless `media` is given; stickers and locations take none). */
  text?: string;
  /** The replied message's id as users see it. */
  replyTo?: number;
  /** Forum topic (thread id from createTopic); absent or 1 = General, whose messages carry no thread id. */
  thread?: number;
  /** Send media instead of a text message; `text` becomes its caption. */
  media?: MediaKind;
  /** The media's real bytes; without them the media carries fixed ids that getFile does not know. */
  upload?: MediaUpload;
  /**
   * Write on behalf of a chat: `"anonymous-admin"` (an admin of the group writing anonymously:
   * `from` GroupAnonymousBot, `sender_chat` the group) or `{ channel }` (`from` Channel_Bot,
   * `sender_chat` the channel).
   */
  as?: "anonymous-admin" | { channel: number };
  /** Spans of `text` (first unused occurrence) that become text_mention entities of these users. */
  textMentions?: { userId: number; text: string }[];
}

export interface UserEditsInput {
  from: number;
  /** A group id, or `{ bot }` for the private chat with that bot. */
  chat: number | { bot: string };
  /** The user's message, by the id users see. */
  messageId: number;
  /** The new text (or caption). */
  text: string;
  /**
   * Seconds after the message was sent that the edit is dated (`edit_date`), to stand for a late
   * edit without waiting; absent = now.
   */
  after?: number;
}

export interface UserSaysResult {
  messageId: number;
  chatId: number;
  /** Usernames of the bots that got an update. */
  deliveredTo: string[];
}

export interface TapInput {
  /** The user who taps. */
  from: number;
  /** A group id, or `{ bot }` for the private chat with that bot. */
  chat: number | { bot: string };
  /** The bot's message, by the id users see (`SentMessage.chatMessageId ?? messageId`). */
  messageId: number;
  /** The button's callback_data; it must be on the message. */
  data: string;
  /**
   * The message is no longer accessible to the bot (Telegram: older than 48 hours, or deleted):
   * the query's `message` is then an InaccessibleMessage, `{ chat, message_id, date: 0 }`.
   */
  inaccessible?: boolean;
}

export interface ReactInput {
  /** The user who reacts. */
  from: number;
  /** A group id, or `{ bot }` for the private chat with that bot. */
  chat: number | { bot: string };
  /** The message, by the id users see (`SentMessage.chatMessageId ?? messageId` for a bot's). */
  messageId: number;
  /** The user's reactions after the change (emoji of Telegram's list, at most 3); [] removes them. */
  emoji: string[];
  /** React anonymously as the group (an anonymous admin): `actor_chat` instead of `user`. */
  as?: "anonymous-admin";
}

export interface InlineQueryInput {
  /** The user who types `@bot query`. */
  from: number;
  bot: string;
  query: string;
  /** Where the user types (sets `chat_type`): a group id, or `{ bot }` for a private chat. */
  chat?: number | { bot: string };
}

export interface ChooseInlineInput {
  from: number;
  inlineQueryId: string;
  resultId: string;
  /** The chat the result's message goes to: a group id, or `{ bot }` for a private chat. */
  chat: number | { bot: string };
}

/** One result of an answerInlineQuery, as the sandbox kept it. */
export interface InlineResultRecord {
  id: string;
  title: string;
  description?: string;
  url?: string;
  /** input_message_content.message_text as sent, and its parse mode. */
  messageText: string;
  parseMode?: string;
  /** The message text after entity parsing, and its entities. */
  text: string;
  entities: unknown[];
  /** InputRichMessageContent: the rich message the result sends (`text` is then its plain text). */
  rich?: { blocks: Array<Record<string, unknown>>; is_rtl?: true };
}

export interface InlineAnswerRecord {
  results: InlineResultRecord[];
  cacheTime: number;
  isPersonal: boolean;
  /** The button above the results that opens the private chat with `/start <startParameter>`. */
  button?: { text: string; startParameter: string };
}

export interface SentFilter {
  bot?: string;
  chatId?: number;
  sinceSeq?: number;
}

export interface SandboxState {
  bots: SandboxBot[];
  users: SandboxUser[];
  chats: SandboxChat[];
  channels: SandboxChannel[];
}

export interface TelegramSandbox {
  /** Starts serving; resolves the apiRoot ("http://127.0.0.1:43123"). Defaults: port 0, host 127.0.0.1. */
  listen(port?: number, host?: string): Promise<string>;
  /** "" until listen() resolved. */
  readonly apiRoot: string;
  /** Ends pending long polls (empty result), rejects waits, closes every socket. Idempotent. */
  close(): Promise<void>;
  /** Token generated as "<id>:<35 base64url chars>" when absent; privacy defaults to true. */
  addBot(spec: {
    username: string;
    firstName?: string;
    privacy?: boolean;
    id?: number;
    token?: string;
    inline?: boolean;
  }): SandboxBot;
  /** Turns a bot's inline mode on or off (BotFather /setinline): getMe and inline queries follow. */
  setBotInline(bot: string, on: boolean): void;
  addUser(spec: { firstName: string; username?: string; id?: number; languageCode?: string }): SandboxUser;
  /** type defaults to supergroup (ids -100…); basic groups get other negative ids. */
  addGroup(spec: GroupSpec): SandboxChat;
  /** Upgrades a basic group: sends to the old id answer 400 with migrate_to_chat_id; returns the supergroup. */
  upgradeGroup(id: number): SandboxChat;
  /**
   * Creates a topic in a forum supergroup: a `forum_topic_created` service message from `by`
   * (a user id or a bot's username, default the first member); its id is the topic's thread id.
   */
  createTopic(group: number, spec: { name: string; by?: number | string }): { threadId: number };
  /**
   * An admin (`by`, default the first member) adds the bot to a group or removes it: the bot gets
   * a my_chat_member update; once removed, sends answer 403 `bot was kicked from the … chat`.
   * (Blocking in a private chat: `faults.blockBot`, which sends my_chat_member too.)
   */
  setBotMembership(group: number, bot: string, status: "member" | "kicked", by?: number): void;
  /** Closes a topic: sends to it answer 400 TOPIC_CLOSED (users cannot write there any more). */
  closeTopic(group: number, threadId: number): void;
  /** A channel (ids -100…); `discussionGroup` links a supergroup; `bots` are its admins (they get channel_post). */
  addChannel(spec: { title: string; discussionGroup?: number; bots?: string[]; id?: number }): SandboxChannel;
  /**
   * A post in a channel: a `channel_post` for the channel's bots, and in its discussion group an
   * automatic forward (`is_automatic_forward`, `from` 777000, `sender_chat` the channel).
   */
  channelPost(channel: number, text: string): { messageId: number; forwardedId?: number };
  userSays(input: UserSaysInput): UserSaysResult;
  /** A user edits their message: `edited_message` (same message_id, with edit_date) to the bots that may see it. */
  userEdits(input: UserEditsInput): UserSaysResult;
  /**
   * A raw update (update_id assigned when absent). allowed_updates applies as to every update, so
   * a test cannot make the bot receive what Telegram would not deliver: undefined when filtered.
   * `bypassAllowedUpdates` delivers it anyway (robustness tests of forged or unknown updates).
   */
  injectUpdate(
    bot: string,
    update: Record<string, unknown>,
    options?: { bypassAllowedUpdates?: boolean },
  ): number | undefined;
  /**
   * A user sets, changes or removes their reaction on a message: each bot that may see it gets a
   * `message_reaction` (old_reaction and new_reaction), in a group only bots that are
   * administrators, and only when its allowed_updates name it. Nothing is sent when the reaction
   * is unchanged.
   */
  react(input: ReactInput): { deliveredTo: string[] };
  /** Promotes the bot to administrator of a group or demotes it to member (my_chat_member to the bot). */
  setBotAdmin(group: number, bot: string, admin: boolean, by?: number): void;
  /** A user taps an inline button of a bot's message: the bot gets a `callback_query`; returns its id. */
  tap(input: TapInput): { callbackQueryId: string; deliveredTo: string[] };
  /** A user types `@bot query`: the bot gets an `inline_query` (the bot must have inline mode on). */
  inlineQuery(input: InlineQueryInput): { inlineQueryId: string; deliveredTo: string[] };
  /** The bot's answer to an inline query; undefined until it answered. */
  inlineAnswer(inlineQueryId: string): InlineAnswerRecord | undefined;
  /** Resolves with the answer once the bot answered; rejects after timeoutMs (default 10 s). */
  waitForInlineAnswer(inlineQueryId: string, timeoutMs?: number): Promise<InlineAnswerRecord>;
  /**
   * The user picks a result: its message goes into `chat` from the user with `via_bot`, and the
   * bot gets a `chosen_inline_result`.
   */
  chooseInlineResult(input: ChooseInlineInput): { messageId: number; chatId: number; deliveredTo: string[] };
  sent(filter?: SentFilter): SentMessage[];
  /** The first sent message (already logged or future) the predicate accepts; rejects after timeoutMs (default 10 s) listing recent sends. */
  waitForSent(predicate: (m: SentMessage) => boolean, timeoutMs?: number): Promise<SentMessage>;
  calls(filter?: { bot?: string; method?: string }): CallRecord[];
  /** Every draft the bots streamed (sendMessageDraft, sendRichMessageDraft), oldest first. */
  drafts(filter?: DraftFilter): DraftRecord[];
  /** The drafts on screen now: each until 30 s after its last change or the bot's next message to the chat. */
  liveDrafts(filter?: DraftFilter): LiveDraft[];
  /**
   * The user presses stop on the bot's latest stoppable draft in their private chat (or on
   * `draftId`): the bot gets `stopped_message_generation`. Throws when no such draft is on screen.
   */
  stopGeneration(input: { from: number; bot: string; draftId?: number }): {
    draftId: number;
    deliveredTo: string[];
  };
  /** Messages the bots deleted, oldest first. */
  deleted(filter?: DraftFilter): DeletedMessage[];
  /** Unconfirmed updates of the bot (after 24 h retention). */
  pendingUpdates(bot: string): number;
  /** The paths the bots downloaded (`GET /file/bot<token>/<path>`), oldest first. */
  downloads(): string[];
  faults: SandboxFaults;
  /** Clears sent/calls/faults/queues (and webhooks, allowed_updates); keeps bots, users, chats, messages. */
  reset(): void;
  state(): SandboxState;
}

/** A group the sandbox creates: type defaults to supergroup. */
export interface GroupSpec {
  title: string;
  type?: "group" | "supergroup";
  members?: number[];
  bots?: string[];
  /** Bots that are administrators of the group (added as members too): only they get reactions. */
  admins?: string[];
  id?: number;
  /** A forum (supergroups only). */
  forum?: boolean;
}
