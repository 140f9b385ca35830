import type { ChatMemberUpdated, Update } from "grammy/types";

/** The bot's own membership changed in a chat (a my_chat_member update), as the gateway counts it. */
export interface MembershipEvent {
  chatId: number;
  chatType: string;
  chatTitle?: string;
  /** added / removed for groups and channels; blocked / unblocked for a private chat. */
  change: "added" | "removed" | "blocked" | "unblocked";
  /** Who made the change (the user in a private chat, an admin in a group). */
  byId?: number;
}

const PRESENT: ReadonlySet<string> = new Set(["creator", "administrator", "member", "restricted"]);

/**
 * Reduces a my_chat_member update to what changed, or undefined for anything else (or a change
 * that keeps the bot present, such as a promotion). Pure; never throws.
 */
export function toMembershipEvent(update: Update): MembershipEvent | undefined {
  const raw: ChatMemberUpdated | undefined = update.my_chat_member;
  if (typeof raw !== "object" || raw === null) return undefined;
  const chat = typeof raw.chat === "object" && raw.chat !== null ? raw.chat : undefined;
  const chatId = chat?.id;
  const chatType = chat?.type;
  if (typeof chatId !== "number" || typeof chatType !== "string") return undefined;
  const present = (m: { status?: unknown; is_member?: unknown } | undefined) =>
    typeof m?.status === "string" &&
    PRESENT.has(m.status) &&
    (m.status !== "restricted" || m.is_member === true);
  const was = present(raw.old_chat_member);
  const is = present(raw.new_chat_member);
  if (was === is) return undefined;
  const isPrivate = chatType === "private";
  const event: MembershipEvent = {
    chatId,
    chatType,
    change: is ? (isPrivate ? "unblocked" : "added") : isPrivate ? "blocked" : "removed",
  };
  const title = chat && "title" in chat ? chat.title : undefined;
  if (typeof title === "string") event.chatTitle = title;
  if (typeof raw.from === "object" && raw.from !== null && typeof raw.from.id === "number")
    event.byId = raw.from.id;
  return event;
}
