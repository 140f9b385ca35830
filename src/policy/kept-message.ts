import { z } from "zod";
import type { InboundMessage } from "../core/inbound-message.js";

const int = z.number().int();

/** An InboundMessage as pairing.json holds it (the message a pairing request kept). */
const inboundMessageSchema: z.ZodType<InboundMessage> = z.object({
  account: z.string().min(1),
  updateId: int,
  messageId: int,
  chatId: int,
  chatType: z.enum(["private", "group", "supergroup", "channel"]),
  chatTitle: z.string().exactOptional(),
  senderId: int.exactOptional(),
  senderUsername: z.string().exactOptional(),
  senderName: z.string().exactOptional(),
  languageCode: z.string().max(35).exactOptional(),
  senderIsBot: z.boolean(),
  text: z.string(),
  date: z.number(),
  mentionsBot: z.boolean(),
  repliesToBot: z.boolean(),
  command: z.string().exactOptional(),
  threadId: int.exactOptional(),
  content: z.enum(["text", "caption", "media", "service"]).exactOptional(),
  contentKind: z.string().exactOptional(),
  args: z.string(),
});

/**
 * Whether a message has a question to answer after approval. Media without a caption (a sticker,
 * a voice message, a location) and service messages have none: pairing never keeps them, so the
 * approved user is never promised an answer that cannot come.
 */
export function hasQuestion(msg: InboundMessage): boolean {
  return msg.content !== "media" && msg.content !== "service" && msg.text.trim() !== "";
}

/**
 * Reads back the message kept with a pairing entry of user `userId`, before it is answered. It must
 * be a complete InboundMessage, and the private chat of that user: a hand-edited message aimed at
 * another chat is refused, so an answer never goes where the operator did not approve.
 */
export function readKeptMessage(
  value: unknown,
  userId: string,
): { ok: true; message: InboundMessage } | { ok: false; detail: string } {
  const parsed = inboundMessageSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return { ok: false, detail: `${where}${issue?.message ?? "invalid"}` };
  }
  const message = parsed.data;
  const user = Number(userId);
  if (message.chatType !== "private" || message.senderId !== user || message.chatId !== user) {
    return { ok: false, detail: `not a private message of user ${userId}` };
  }
  return { ok: true, message };
}
