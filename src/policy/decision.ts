/**
 * Policy decisions are data. A denial is not an exception: it carries a reason code that is
 * logged (rate-limited per chat) and counted, so a silent bot can always be explained.
 */
export type DenyReason =
  | "channel-post"
  | "from-bot"
  | "no-sender"
  | "dm-disabled"
  | "dm-not-allowed"
  | "dm-pairing-pending"
  | "dm-pairing-limit"
  | "groups-disabled"
  | "group-not-listed"
  | "group-disabled"
  | "group-sender-not-allowed"
  | "not-addressed"
  | "account-disabled"
  /** A chat type the policy does not know (defensive: fail closed). */
  | "unsupported-chat"
  /** A private chat whose id is not the sender's (only a forged update can look like this). */
  | "chat-sender-mismatch";

export type Decision =
  | { allow: true; via: "allowlist" | "pairing" | "open" | "group" }
  | {
      allow: false;
      reason: DenyReason;
      /**
       * DM from an unknown sender under dmPolicy pairing (reason `dm-pairing-pending`): the caller
       * starts or repeats the pairing request. Absent for every other denial.
       */
      pairing?: boolean;
    };

export const DENY_REASONS: readonly DenyReason[] = [
  "channel-post",
  "from-bot",
  "no-sender",
  "dm-disabled",
  "dm-not-allowed",
  "dm-pairing-pending",
  "dm-pairing-limit",
  "groups-disabled",
  "group-not-listed",
  "group-disabled",
  "group-sender-not-allowed",
  "not-addressed",
  "account-disabled",
  "unsupported-chat",
  "chat-sender-mismatch",
];
