import { z } from "zod";
import type { InboundMessage } from "../core/inbound-message.js";
import { readKeptMessage } from "./kept-message.js";

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

/** A kept message that could not be read back: left out of the state (the entry itself stays). */
export interface SkippedMessage {
  /** Where in the file, e.g. `approvals[2].message`. */
  path: string;
  detail: string;
}

const account = z.string().min(1);
const userId = z.string().regex(/^\d+$/, "not a Telegram user id (digits)");
const time = z.number();
const optionalText = z.string().exactOptional();
/** Unknown keys are kept (`looseObject`), so a rewrite never drops what a newer gateway added. */
const requestSchema = z.looseObject({
  account,
  userId,
  code: z.string().min(1),
  createdAt: time,
  expiresAt: time,
  lastReplyAt: time,
  username: optionalText,
  name: optionalText,
  message: z.unknown().optional(),
});
const approvalSchema = z.looseObject({
  account,
  userId,
  approvedAt: time,
  code: optionalText,
  username: optionalText,
  name: optionalText,
  delivered: z.boolean(),
  deliveredAt: time.exactOptional(),
  message: z.unknown().optional(),
});
const fileSchema = z.looseObject({
  version: z.literal(PAIRING_FILE_VERSION),
  requests: z.array(requestSchema),
  approvals: z.array(approvalSchema),
  limitNotices: z.array(z.looseObject({ account, userId, at: time })).default([]),
});

/**
 * Parses and checks the file's text with zod. Never throws: a failure says what is wrong. Every
 * entry is checked, so a hand-edited file that would grant access by accident (an id that is not
 * digits, a missing account) is refused as a whole rather than half-read. A kept message that is
 * not a valid message of its user is only left out (`skipped`): the entry and every other one stay.
 */
export function parsePairingState(
  text: string,
): { ok: true; state: PairingState; skipped: SkippedMessage[] } | { ok: false; failure: ParseFailure } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return corrupt(`not JSON (${(error as Error).message})`);
  }
  const version = typeof raw === "object" && raw !== null && "version" in raw ? raw.version : undefined;
  if (typeof version === "number" && version > PAIRING_FILE_VERSION) {
    return { ok: false, failure: { kind: "version", version } };
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue ? formatPath(issue.path) : "";
    return corrupt(`${path === "" ? "" : `${path}: `}${issue?.message ?? "invalid"}`);
  }
  const skipped: SkippedMessage[] = [];
  /** The kept message when it reads back as one of this user's; otherwise noted in `skipped`. */
  const kept = (message: unknown, user: string, path: string): { message?: InboundMessage } => {
    if (message === undefined) return {};
    const read = readKeptMessage(message, user);
    if (read.ok) return { message: read.message };
    skipped.push({ path: `${path}.message`, detail: read.detail });
    return {};
  };
  const { requests, approvals, limitNotices, ...other } = parsed.data;
  return {
    ok: true,
    state: {
      ...other,
      version: PAIRING_FILE_VERSION,
      requests: requests.map(({ message, ...r }, i) => ({
        ...r,
        ...kept(message, r.userId, `requests[${i}]`),
      })),
      approvals: approvals.map(({ message, ...a }, i) => ({
        ...a,
        ...kept(message, a.userId, `approvals[${i}]`),
      })),
      limitNotices,
    },
    skipped,
  };
}

function corrupt(detail: string): { ok: false; failure: ParseFailure } {
  return { ok: false, failure: { kind: "corrupt", detail } };
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : `${i === 0 ? "" : "."}${String(p)}`))
    .join("");
}
