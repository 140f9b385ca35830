import type { MediaFile } from "./media-file.js";

/**
 * The plain value a Telegram update becomes once `accounts/` received it: an incoming message,
 * already reduced to what policy and agents need. No grammY type crosses this boundary.
 */
export type ChatType = "private" | "group" | "supergroup" | "channel";

/** The thread id of a forum's General topic: Telegram refuses it in sends, and messages there carry none. */
export const GENERAL_TOPIC = 1;

/** text: text or a captioned media; media: media without a caption; service: nobody wrote it. */
export type MessageContent = "text" | "caption" | "media" | "service";

export interface InboundMessage {
  /** Account (gateway.json key) that received the update; replies go out through it. */
  account: string;
  updateId: number;
  messageId: number;
  chatId: number;
  chatType: ChatType;
  chatTitle?: string;
  /** Sender's numeric user id; absent for channel posts, anonymous admins and chats posting. */
  senderId?: number;
  /** `sender_chat`: the chat the message was sent on behalf of (a channel, or the group itself). */
  senderChatId?: number;
  /** An admin of the group writing anonymously (from GroupAnonymousBot, sender_chat the group). */
  anonymousAdmin?: boolean;
  /** A channel post copied by Telegram into the channel's discussion group. */
  automaticForward?: boolean;
  /** What the message carries; absent means "text". A caption counts as text (`text` holds it). */
  content?: MessageContent;
  /** The media kind (photo, sticker, voice, ...) for content "caption" and "media"; the service field for "service". */
  contentKind?: string;
  /** The file of a voice note, audio, video note, photo or image document the gateway may read. */
  media?: MediaFile;
  /**
   * What was heard in the voice note (or read in the picture) that `text` and `args` now hold:
   * set by the pipeline once the file was transcribed or read, never by `accounts/`.
   */
  heard?: { via: "voice" | "picture"; text: string };
  /** `/cmd@otherbot`: a command for another bot. */
  commandForOtherBot?: boolean;
  /** Text (or caption) of another user's message this one replies to. */
  repliedText?: string;
  /** Service message of a group upgrade: the group moved to this supergroup id. */
  migrateToChatId?: number;
  /** Service message in a new supergroup: it was upgraded from this group id. */
  migrateFromChatId?: number;
  senderUsername?: string;
  senderName?: string;
  /**
   * The sender's Telegram `language_code` (an IETF tag such as `ru`, `pt-br`, `zh-hans`), when
   * Telegram sends one; the bot answers in it when it has a catalogue for it (src/i18n).
   */
  languageCode?: string;
  senderIsBot: boolean;
  /** Text or caption; "" when the message has none. */
  text: string;
  /** Unix seconds, as Telegram sent it (for an edit: when the original was sent). */
  date: number;
  /**
   * An edited message (`edited_message`): when it was edited, unix seconds. `messageId` is the
   * original's; `text` and the addressing are the edited version's.
   */
  editDate?: number;
  /** The bot is addressed: @mention (entity or plain word), text_mention of its id, a command for it. */
  mentionsBot: boolean;
  /** The message replies to a message the bot sent. */
  repliesToBot: boolean;
  /** The id of the bot's message it replies to (with `repliesToBot`): a reply to an answer follows it up. */
  repliedToId?: number;
  /** A bot command addressed to this bot (`/cmd@thisbot` or bare `/cmd`), lower-case, without `/`. */
  command?: string;
  /**
   * `command` was written `/cmd@thisbot`. A bare `/cmd` reaches every bot of a group (privacy mode
   * included), so in a group only a command the agents know, or one naming this bot, is its own.
   */
  commandNamesBot?: boolean;
  /** Forum topic the message belongs to (never General, 1, and never a reply chain's root outside
   *  forums); replies and the typing indicator go to the same topic. */
  threadId?: number;
  /** The chat is a forum (`is_forum`): a group message without `threadId` is in General (topic 1). */
  forum?: boolean;
  /** Text after the command (or the whole text when there is no command), trimmed, mention removed. */
  args: string;
  /**
   * A tap on an inline-keyboard button of one of the bot's messages (`callback_query`): the query
   * id (to answer) and the button's data. `messageId` is then the bot's message that was tapped,
   * `text` and `args` are "", and `repliesToBot` is true (the tap addresses the bot).
   */
  callback?: { id: string; data: string };
}

/** What `accounts/` knows about the bot behind an account, from getMe. */
export interface BotIdentity {
  id: number;
  username: string;
  firstName: string;
  /** false = privacy mode on: in groups the bot sees only commands, mentions and replies. */
  canReadAllGroupMessages: boolean;
}
