import type { StoredFile } from "./files.js";
/**
 * Messages as they live in chats, kept so replies, edits and deletions can find them.
 *
 * Message ids follow Telegram: in supergroups one counter is shared by everyone; in private chats and
 * basic groups every account numbers its own messages. A private chat is modelled as one box per
 * (bot, user) pair, so both sides share its ids. A basic group has the users' box (ids users see,
 * what `userSays({ replyTo })` takes) and one box per bot (ids that bot sees); a message in both
 * carries the bot's id in `botIds`.
 */

import type { InlineKeyboard } from "./reply-markup.js";
import type { StoredRich } from "./rich/input.js";

export type Sender =
  | { kind: "user"; id: number }
  | { kind: "bot"; username: string }
  /** An admin of the group writing anonymously (from GroupAnonymousBot, sender_chat the group). */
  | { kind: "anonymous-admin" }
  /** On behalf of a channel: a member posting as it, or (forwardedPost: the post's id) its post copied into its discussion group. */
  | { kind: "channel"; channelId: number; forwardedPost?: number }
  /** A channel's own post (a channel_post has no from). */
  | { kind: "channel-post" };

export interface StoredMessage {
  /** The id users see. */
  viewId: number;
  chatId: number;
  from: Sender;
  text: string;
  entities?: unknown[];
  /** A rich message (sendRichMessage): its blocks; `text` is then their plain text. */
  rich?: StoredRich;
  /** An inline keyboard under a bot's message. */
  replyMarkup?: InlineKeyboard;
  /** Seconds. */
  date: number;
  editDate?: number;
  replyTo?: StoredMessage;
  /** Forum topic (its creating service message's id), or in other supergroups the root of a reply chain. */
  threadId?: number;
  /** The message is in a forum topic (not General). */
  topicMessage?: boolean;
  /** Media kind; `text` and `entities` are then its caption. */
  media?: string;
  /** The media's files with real bytes (a photo's sizes, smallest first; else one). */
  files?: StoredFile[];
  /** A document's name. */
  fileName?: string;
  /** Service fields (forum_topic_created, migrate_to_chat_id, ...): a service message. */
  service?: Record<string, unknown>;
  /** Sent by a user through a bot's inline mode: the bot's username (rendered as `via_bot`). */
  viaBot?: string;
  /** Basic groups only: bot key → the id that bot sees. */
  botIds?: Map<string, number>;
  /** Reactions on the message by who set them (`user:<id>`, `chat:<id>`, `bot:<key>`): their emoji. */
  reactions?: Map<string, string[]>;
}

export interface ChatPlace {
  chatId: number;
  type: "private" | "group" | "supergroup" | "channel";
  /** Lower-case username of the bot, for a private chat. */
  dmBot?: string;
}

/** Each box keeps at most this many messages; older ones are forgotten (replies to them fail). */
const BOX_CAP = 20_000;

interface Box {
  next: number;
  messages: Map<number, StoredMessage>;
}

export interface ChatStore {
  /** Allocates the users' id for a new message. */
  addForUsers(place: ChatPlace, message: Omit<StoredMessage, "viewId">): StoredMessage;
  /** Gives `bot` its own id for the message (a no-op outside basic groups); returns that id. */
  assignToBot(place: ChatPlace, bot: string, message: StoredMessage): number;
  /** Stores a bot's own message: its id, and in basic groups also the users' id. */
  addFromBot(place: ChatPlace, bot: string, message: Omit<StoredMessage, "viewId">): StoredMessage;
  findForUsers(place: ChatPlace, viewId: number): StoredMessage | undefined;
  findForBot(place: ChatPlace, bot: string, id: number): StoredMessage | undefined;
  idFor(message: StoredMessage, bot: string): number;
  remove(place: ChatPlace, message: StoredMessage): void;
  clear(): void;
}

export function createChatStore(): ChatStore {
  const boxes = new Map<string, Box>();
  const usersKey = (p: ChatPlace) => (p.type === "private" ? `dm:${p.dmBot}:${p.chatId}` : `c:${p.chatId}`);
  const botKey = (p: ChatPlace, bot: string) => (p.type === "group" ? `b:${p.chatId}:${bot}` : usersKey(p));
  const box = (key: string) => {
    let found = boxes.get(key);
    if (!found) {
      found = { next: 1, messages: new Map() };
      boxes.set(key, found);
    }
    return found;
  };
  const put = (b: Box, message: StoredMessage, id: number) => {
    b.messages.set(id, message);
    if (b.messages.size > BOX_CAP) b.messages.delete(b.messages.keys().next().value!);
  };

  const store: ChatStore = {
    addForUsers(place, fields) {
      const b = box(usersKey(place));
      const message: StoredMessage = { ...fields, viewId: b.next++ };
      put(b, message, message.viewId);
      return message;
    },
    assignToBot(place, bot, message) {
      if (place.type !== "group") return message.viewId;
      const existing = message.botIds?.get(bot);
      if (existing !== undefined) return existing;
      const b = box(botKey(place, bot));
      const id = b.next++;
      (message.botIds ??= new Map()).set(bot, id);
      put(b, message, id);
      return id;
    },
    addFromBot(place, bot, fields) {
      const message = store.addForUsers(place, fields);
      store.assignToBot(place, bot, message);
      return message;
    },
    findForUsers: (place, viewId) => boxes.get(usersKey(place))?.messages.get(viewId),
    findForBot: (place, bot, id) => boxes.get(botKey(place, bot))?.messages.get(id),
    idFor: (message, bot) => message.botIds?.get(bot) ?? message.viewId,
    remove(place, message) {
      boxes.get(usersKey(place))?.messages.delete(message.viewId);
      for (const [bot, id] of message.botIds ?? []) boxes.get(botKey(place, bot))?.messages.delete(id);
    },
    clear: () => boxes.clear(),
  };
  return store;
}
