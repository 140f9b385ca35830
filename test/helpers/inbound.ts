import type { InboundMessage } from "../../src/core/inbound-message.js";

/** A private message from `senderId` as the accounts layer hands it on (a command when it starts with /). */
export function privateMessage(text: string, senderId: number): InboundMessage {
  const command = /^\/([a-z]+)/.exec(text)?.[1];
  return {
    account: "default",
    updateId: 1,
    messageId: 1,
    chatId: senderId,
    chatType: "private",
    senderId,
    senderIsBot: false,
    text,
    date: 0,
    mentionsBot: false,
    repliesToBot: false,
    ...(command ? { command } : {}),
    args: command ? text.replace(/^\/[a-z]+\s*/, "") : text.trim(),
  };
}
