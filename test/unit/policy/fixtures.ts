import type { BotIdentity, InboundMessage } from "../../../src/core/inbound-message.js";
import { type AccountConfig, accountSchema } from "../../../src/config/schema.js";

export const TOKEN = "123456:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkxx";
export const BOT: BotIdentity = {
  id: 999,
  username: "WikiBot",
  firstName: "Wiki",
  canReadAllGroupMessages: false,
};

/** An account as gateway.json would give it (schema defaults and normalisation applied). */
export function account(partial: Record<string, unknown> = {}): AccountConfig {
  return accountSchema.parse({ botToken: TOKEN, ...partial });
}

/** A message of user 111 in DM, not addressing the bot. */
/** A private message; as in Telegram, the chat id is the sender's id unless a case says otherwise. */
export function dm(overrides: Partial<InboundMessage> = {}): InboundMessage {
  return {
    account: "main",
    updateId: 1,
    messageId: 10,
    chatId: overrides.senderId ?? 111,
    chatType: "private",
    senderId: 111,
    senderIsBot: false,
    text: "hello",
    date: 1_700_000_000,
    mentionsBot: false,
    repliesToBot: false,
    args: "hello",
    ...overrides,
  };
}

/** A message of user 111 in supergroup -1001, not addressing the bot. */
export function group(overrides: Partial<InboundMessage> = {}): InboundMessage {
  return dm({ chatId: -1001, chatType: "supergroup", ...overrides });
}

/** A pairing lookup approving the given "account:userId" pairs. */
export function approvals(...pairs: string[]) {
  const set = new Set(pairs);
  return { isApproved: (account: string, userId: string) => set.has(`${account}:${userId}`) };
}
