/**
 * The plain value a Telegram update becomes once `accounts/` received it: an incoming message,
 * already reduced to what policy and agents need. No grammY type crosses this boundary.
 */
export type ChatType = "private" | "group" | "supergroup" | "channel";

export interface InboundMessage {
  /** Account (gateway.json key) that received the update; replies go out through it. */
  account: string;
  updateId: number;
  messageId: number;
  chatId: number;
  chatType: ChatType;
  chatTitle?: string;
  /** Sender's numeric user id; absent for channel posts and anonymous admins. */
  senderId?: number;
  senderUsername?: string;
  senderName?: string;
  senderIsBot: boolean;
  /** Text or caption; "" when the message has none. */
  text: string;
  /** Unix seconds, as Telegram sent it. */
  date: number;
  /** The bot is addressed: @mention (entity or plain word), text_mention of its id, a command for it. */
  mentionsBot: boolean;
  /** The message replies to a message the bot sent. */
  repliesToBot: boolean;
  /** A bot command addressed to this bot (`/cmd@thisbot` or bare `/cmd`), lower-case, without `/`. */
  command?: string;
  /** Forum topic the message belongs to; replies go to the same topic. */
  threadId?: number;
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
