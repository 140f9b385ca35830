import type { RichAlternative } from "./replier.js";
import type { Logger } from "pino";

/**
 * Inline mode as the pipeline sees it: a user typing `@bot words` in any chat (an inline query),
 * and the result they picked (a chosen inline result). Plain values: no grammY type crosses
 * this boundary. An inline query has a sender but no chat the bot can see.
 */
export interface InlineQuery {
  /** Account (gateway.json key) that received the query; the answer goes out through it. */
  account: string;
  updateId: number;
  /** The query id answerInlineQuery takes (valid about 10 s, once). */
  queryId: string;
  /** Sender's numeric user id; absent when the update carries none (only a forged one). */
  senderId?: number;
  senderIsBot: boolean;
  /** The sender's Telegram `language_code`, when Telegram sends one (see InboundMessage). */
  languageCode?: string;
  /** The words after `@bot`, as typed (up to 256 characters). */
  query: string;
  /** Where the user types: "sender" (their own DM with the bot), "private", "group", "supergroup", "channel"; absent when Telegram does not say. */
  chatType?: string;
}

/** A result the user picked from the bot's inline results (sent when inline feedback is on). */
export interface ChosenInlineResult {
  account: string;
  updateId: number;
  /** The id the bot gave the result in answerInlineQuery. */
  resultId: string;
  senderId?: number;
  /** The query the result answered. */
  query: string;
}

/** One article result: a title and a line in the list, and the message it sends when picked. */
export interface InlineArticle {
  /** Unique among the answer's results, 1–64 bytes. */
  id: string;
  title: string;
  /** One line shown under the title; "" for none. */
  description: string;
  /** The message sent into the chat, Telegram HTML, at most 4096 characters. */
  html: string;
  /** The page's address (the result's url). */
  url?: string;
  /** The same message as a rich message (InputRichMessageContent), for accounts that send them. */
  rich?: RichAlternative;
}

/** What an inline query is answered with. */
export interface InlineAnswer {
  /** At most 50 (Telegram's limit); the gateway sends at most 10. */
  results: readonly InlineArticle[];
  /** Seconds Telegram may cache the answer. */
  cacheTime: number;
  /** The answer is for this user only (never shown to another who types the same words). */
  isPersonal: boolean;
  /** A button above the results that opens the private chat with the bot with `/start <startParameter>`. */
  button?: { text: string; startParameter: string };
}

/** Answers one inline query through the account that received it. */
export interface InlineReplier {
  /** answerInlineQuery. Never rejects because the query is too old (logged): nothing else can be done. */
  answer(answer: InlineAnswer): Promise<void>;
}

/** What happens to inline queries and chosen results an account receives. Never rejects. */
export interface InlineHandler {
  query(query: InlineQuery, reply: InlineReplier, log: Logger): Promise<void>;
  chosen(chosen: ChosenInlineResult, log: Logger): Promise<void>;
}
