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

const PRESENT = new Set(["creator", "administrator", "member", "restricted"]);

/**
 * Reduces a my_chat_member update to what changed, or undefined for anything else (or a change
 * that keeps the bot present, such as a promotion). Pure; never throws.
 */
export function toMembershipEvent(update: Record<string, unknown>): MembershipEvent | undefined {
  const raw = update.my_chat_member as
    | {
        chat?: { id?: unknown; type?: unknown; title?: unknown };
        from?: { id?: unknown };
        old_chat_member?: { status?: unknown; is_member?: unknown };
        new_chat_member?: { status?: unknown; is_member?: unknown };
      }
    | undefined;
  if (!raw || typeof raw !== "object") return undefined;
  const chatId = raw.chat?.id;
  const chatType = raw.chat?.type;
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
  if (typeof raw.chat?.title === "string") event.chatTitle = raw.chat.title;
  if (typeof raw.from?.id === "number") event.byId = raw.from.id;
  return event;
}
