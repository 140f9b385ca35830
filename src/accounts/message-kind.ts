/**
 * What a Telegram message carries besides text: service fields (nobody wrote it) and media.
 * Pure; reads only the presence of well-known keys, never their content.
 */

/** Keys that make a message a service message (topic created, members joined, group upgraded, ...). */
const SERVICE_KEYS = [
  "forum_topic_created",
  "forum_topic_edited",
  "forum_topic_closed",
  "forum_topic_reopened",
  "general_forum_topic_hidden",
  "general_forum_topic_unhidden",
  "new_chat_members",
  "left_chat_member",
  "new_chat_title",
  "new_chat_photo",
  "delete_chat_photo",
  "group_chat_created",
  "supergroup_chat_created",
  "channel_chat_created",
  "migrate_to_chat_id",
  "migrate_from_chat_id",
  "pinned_message",
  "message_auto_delete_timer_changed",
  "video_chat_scheduled",
  "video_chat_started",
  "video_chat_ended",
  "video_chat_participants_invited",
  "write_access_allowed",
  "users_shared",
  "chat_shared",
  "boost_added",
  "chat_background_set",
  "proximity_alert_triggered",
  "giveaway_created",
  "giveaway_completed",
] as const;

/** Media keys, in the order they are named in metrics and logs. */
const MEDIA_KEYS = [
  "photo",
  "video",
  "animation",
  "document",
  "audio",
  "voice",
  "video_note",
  "sticker",
  "location",
  "venue",
  "contact",
  "poll",
  "dice",
  "game",
  "story",
  "paid_media",
] as const;

/** The service field the message carries, or undefined for a message someone wrote. */
export function serviceKind(raw: unknown): string | undefined {
  return SERVICE_KEYS.find((key) => has(raw, key));
}

/** The media the message carries (photo, sticker, voice, ...), or undefined. */
export function mediaKind(raw: unknown): string | undefined {
  return MEDIA_KEYS.find((key) => has(raw, key));
}

/** The object carries a non-null value under `key`. */
function has(raw: unknown, key: string): boolean {
  if (typeof raw !== "object" || raw === null) return false;
  const value: unknown = Reflect.get(raw, key);
  return value !== undefined && value !== null;
}
