import type { Stack } from "./stack.js";

/** The URLs of a sent message's text links (the pages an answer links to). */
export const textLinks = (m: { entities?: unknown[] }): string[] =>
  (m.entities ?? []).flatMap((e) =>
    (e as { type: string; url?: string }).type === "text_link" ? [(e as { url: string }).url] : [],
  );

/** A user says `text` to a bot in their DM; resolves with the bot's reply to that message. */
export function dmReply(telegram: Stack["telegram"], bot: string, from: number, text: string) {
  const said = telegram.userSays({ from, chat: { bot }, text });
  return telegram.waitForSent(
    (m) => m.bot === bot && m.chatId === from && m.replyToMessageId === said.messageId,
    15_000,
  );
}
