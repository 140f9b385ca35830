import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Update } from "grammy/types";

/** A fresh journal path in a new temporary directory. */
export const journalFile = (): string => join(mkdtempSync(join(tmpdir(), "journal-")), "a.log");

/** A private text message from user 1, as Telegram sends it. */
export const textUpdate = (id: number, text = `m${id}`): Update => ({
  update_id: id,
  message: {
    message_id: id,
    date: 0,
    chat: { id: 1, type: "private", first_name: "U" },
    from: { id: 1, is_bot: false, first_name: "U" },
    text,
  },
});

/** The bot's identity the processor tests use (id 42). */
export const testBot = { id: 42, username: "wiki_bot", firstName: "Wiki", canReadAllGroupMessages: false };

/** A replier that sends nothing and answers every tap. */
export const silentReplier = {
  send: async () => {},
  answerCallback: async () => {},
  typing: () => () => {},
  acknowledge: () => () => {},
};
