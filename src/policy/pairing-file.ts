import type { InboundMessage } from "../core/inbound-message.js";

/** A pending pairing request: an unknown DM sender waiting for the operator. Times are epoch ms. */
export interface PairingRequest {
  account: string;
  /** Telegram user id, digits. */
  userId: string;
  /** Upper-case, CODE_LENGTH characters of CODE_ALPHABET. */
  code: string;
  createdAt: number;
  expiresAt: number;
  /** When the sender was last sent the code (the 10-minute repeat rule). */
  lastReplyAt: number;
  username?: string;
  name?: string;
  /** The message that started the request; answered after approval. */
  message?: InboundMessage;
}

/** An approved sender of an account (counts only while the account's dmPolicy is pairing). */
export interface PairingApproval {
  account: string;
  userId: string;
  approvedAt: number;
  /** The code that was approved, for the record. */
  code?: string;
  username?: string;
  name?: string;
  /** false = pending delivery: the user has not been told yet and `message` not yet answered. */
  delivered: boolean;
  deliveredAt?: number;
  /** The kept message, until delivered. */
  message?: InboundMessage;
}

/** "Too many pending" was said to this sender; said once per sender and hour. */
export interface LimitNotice {
  account: string;
  userId: string;
  at: number;
}

/** The persisted file (`pairing.json` in the state directory). */
export interface PairingState {
  version: 1;
  requests: PairingRequest[];
  approvals: PairingApproval[];
  limitNotices: LimitNotice[];
}

export const PAIRING_FILE_VERSION = 1;

export function emptyPairingState(): PairingState {
  return { version: 1, requests: [], approvals: [], limitNotices: [] };
}

/** Why a file's text is not a pairing state. `version` = written by a newer gateway. */
export type ParseFailure = { kind: "corrupt"; detail: string } | { kind: "version"; version: unknown };

/**
 * Parses and checks the file's text. Never throws: a failure says what is wrong. Every entry is
 * checked, so a hand-edited file that would grant access by accident (an id that is not
 * digits, a missing account) is refused as a whole rather than half-read.
 */
export function parsePairingState(
  text: string,
): { ok: true; state: PairingState } | { ok: false; failure: ParseFailure } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return corrupt(`not JSON (${(error as Error).message})`);
  }
  if (!isRecord(raw)) return corrupt("not a JSON object");
  if (raw.version !== PAIRING_FILE_VERSION) {
    if (typeof raw.version === "number" && raw.version > PAIRING_FILE_VERSION) {
      return { ok: false, failure: { kind: "version", version: raw.version } };
    }
    return corrupt(`version is ${JSON.stringify(raw.version)}, expected 1`);
  }
  if (!Array.isArray(raw.requests)) return corrupt("requests is not a list");
  if (!Array.isArray(raw.approvals)) return corrupt("approvals is not a list");
  const notices = raw.limitNotices ?? [];
  if (!Array.isArray(notices)) return corrupt("limitNotices is not a list");
  for (const [i, r] of raw.requests.entries()) {
    if (!isRecord(r) || !hasUser(r) || typeof r.code !== "string" || !r.code) {
      return corrupt(`requests[${i}] lacks account, userId or code`);
    }
    if (!isTime(r.createdAt) || !isTime(r.expiresAt) || !isTime(r.lastReplyAt)) {
      return corrupt(`requests[${i}] has bad times`);
    }
  }
  for (const [i, a] of raw.approvals.entries()) {
    if (!isRecord(a) || !hasUser(a) || !isTime(a.approvedAt) || typeof a.delivered !== "boolean") {
      return corrupt(`approvals[${i}] lacks account, userId, approvedAt or delivered`);
    }
  }
  for (const [i, n] of notices.entries()) {
    if (!isRecord(n) || !hasUser(n) || !isTime(n.at)) return corrupt(`limitNotices[${i}] is malformed`);
  }
  return {
    ok: true,
    state: {
      version: 1,
      requests: raw.requests as PairingRequest[],
      approvals: raw.approvals as PairingApproval[],
      limitNotices: notices as LimitNotice[],
    },
  };
}

function corrupt(detail: string): { ok: false; failure: ParseFailure } {
  return { ok: false, failure: { kind: "corrupt", detail } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasUser(entry: Record<string, unknown>): boolean {
  return (
    typeof entry.account === "string" &&
    entry.account !== "" &&
    typeof entry.userId === "string" &&
    /^\d+$/.test(entry.userId)
  );
}

function isTime(value: unknown): boolean {
  return typeof value === "number" && Number.isFinite(value);
}
