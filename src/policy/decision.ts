/**
 * Policy decisions are data. A denial is not an exception: it carries a reason code that is
 * logged (rate-limited per chat) and counted, so a silent bot can always be explained.
 */
export type DenyReason =
  | "channel-post"
  /** Nobody wrote it: topic created, members joined, group upgraded (an upgrade is acted on). */
  | "service-message"
  /** A channel post Telegram copied into the channel's discussion group. */
  | "automatic-forward"
  /** Sent on behalf of a channel: there is no user id to check. */
  | "sender-is-channel"
  /** An anonymous admin in a group that neither admits every sender nor sets allowAnonymousAdmins. */
  | "anonymous-admin-not-allowed"
  /** `/cmd@otherbot`: never this bot's. */
  | "command-for-other-bot"
  /** A bare `/cmd` in a group that no agent knows: another bot's command (every bot receives it). */
  | "unknown-command"
  /** Media without a caption in a group: there is no question to answer (nor a voice note or a picture to read). */
  | "media-without-text"
  /** A voice note, audio or video note in a group (or topic) whose entry sets `voice: false`. */
  | "voice-off"
  | "from-bot"
  | "no-sender"
  | "dm-disabled"
  | "dm-not-allowed"
  | "dm-pairing-pending"
  | "dm-pairing-limit"
  | "groups-disabled"
  | "group-not-listed"
  | "group-disabled"
  /** The message's forum topic has `enabled: false` in the group's `topics`. */
  | "topic-disabled"
  | "group-sender-not-allowed"
  | "not-addressed"
  | "account-disabled"
  /** A chat type the policy does not know (defensive: fail closed). */
  | "unsupported-chat"
  /** A private chat whose id is not the sender's (only a forged update can look like this). */
  | "chat-sender-mismatch"
  /** An edited message, edited more than EDIT_WINDOW_MS after it was sent. */
  | "edit-too-late"
  /** An edited message that does not address the bot where it must (the mention removed, or never there). */
  | "edit-not-addressed"
  /** An edited message the policy denies for another reason (the log names it). */
  | "edit-not-allowed"
  /** An edited message whose original was answered already: an edit does not answer twice. */
  | "edit-already-answered"
  /** An inline query from a sender the account's DM rules do not let in. */
  | "inline-not-allowed"
  /** An inline query to an account with `inline: false`. */
  | "inline-disabled";

export type Decision =
  | {
      allow: true;
      via: "allowlist" | "pairing" | "open" | "group";
      /** Set when the group's or topic's entry names the agent answering there (not the bound one). */
      agentId?: string;
      /** false: the group's or topic's entry sets `voice: false` (a captioned voice note is its caption only). */
      voice?: false;
    }
  | {
      allow: false;
      reason: DenyReason;
      /**
       * DM from an unknown sender under dmPolicy pairing (reason `dm-pairing-pending`): the caller
       * starts or repeats the pairing request. Absent for every other denial.
       */
      pairing?: boolean;
      /** With `edit-not-allowed`: the policy's reason for denying the edited message. */
      cause?: DenyReason;
    };

export const DENY_REASONS: readonly DenyReason[] = [
  "channel-post",
  "service-message",
  "automatic-forward",
  "sender-is-channel",
  "anonymous-admin-not-allowed",
  "command-for-other-bot",
  "unknown-command",
  "media-without-text",
  "voice-off",
  "from-bot",
  "no-sender",
  "dm-disabled",
  "dm-not-allowed",
  "dm-pairing-pending",
  "dm-pairing-limit",
  "groups-disabled",
  "group-not-listed",
  "group-disabled",
  "topic-disabled",
  "group-sender-not-allowed",
  "not-addressed",
  "account-disabled",
  "unsupported-chat",
  "chat-sender-mismatch",
  "edit-too-late",
  "edit-not-addressed",
  "edit-not-allowed",
  "edit-already-answered",
  "inline-not-allowed",
  "inline-disabled",
];
