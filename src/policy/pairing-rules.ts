import type { InboundMessage } from "../core/inbound-message.js";
import {
  CODE_TTL_MS,
  generateCode,
  MAX_PENDING_PER_ACCOUNT,
  normaliseCode,
  REPEAT_INTERVAL_MS,
} from "./pairing-codes.js";
import { hasQuestion } from "./kept-message.js";
import { PairingError } from "./pairing-error.js";
import type { PairingApproval, PairingRequest, PairingState } from "./pairing-file.js";

/**
 * What the bot should say to an unknown DM sender (access-policy.md, step 3):
 * - `created`: a new request; send the user id, the code and the approve command.
 * - `repeat`: a request is pending; send the same code again only when `remind` (at most every 10 min).
 * - `limit`: 3 requests are pending for the account; say so only when `notify` (once per sender and hour).
 * - `approved`: the sender was approved meanwhile (the daemon's snapshot was behind the file); the
 *   message is kept with the approval and answered by the delivery, so say nothing now.
 */
export type PairingOutcome =
  | { kind: "created"; code: string; expiresAt: number }
  | { kind: "repeat"; code: string; remind: boolean }
  | { kind: "limit"; notify: boolean }
  | { kind: "approved" };

/**
 * Pure transitions of the pairing state. Each mutates the state it is given (the store passes a
 * fresh copy read inside the lock) and returns what happened; failures are PairingErrors.
 */

/** Drops requests whose code has expired and limit notices older than an hour. */
export function pruneExpired(state: PairingState, now: number): void {
  state.requests = state.requests.filter((r) => r.expiresAt > now);
  state.limitNotices = state.limitNotices.filter((n) => n.at > now - CODE_TTL_MS);
}

export function applyRequest(
  state: PairingState,
  account: string,
  msg: InboundMessage,
  now: number,
): PairingOutcome {
  if (msg.chatType !== "private" || !Number.isSafeInteger(msg.senderId) || msg.senderId! <= 0 || !account) {
    // Group messages never start pairing; a request needs a user id (the file only holds digits).
    throw new PairingError(
      "pairing-invalid-request",
      `pairing requests come from private chats with a sender (got ${msg.chatType}, sender ${String(msg.senderId)})`,
      "call request() only for a DM denied with `pairing: true` by evaluate()",
    );
  }
  const userId = String(msg.senderId);
  pruneExpired(state, now);
  const approval = state.approvals.find((a) => a.account === account && a.userId === userId);
  // Only a message with a question is kept: media alone would be promised an answer never given.
  const question = hasQuestion(msg);
  if (approval) {
    if (approval.delivered || !approval.message) {
      approval.delivered = false;
      if (question) approval.message = msg;
      else delete approval.message;
      delete approval.deliveredAt;
    }
    return { kind: "approved" };
  }
  const pending = state.requests.find((r) => r.account === account && r.userId === userId);
  if (pending) {
    // A request that began with a sticker keeps the first question that follows it.
    if (!pending.message && question) pending.message = msg;
    const remind = now - pending.lastReplyAt >= REPEAT_INTERVAL_MS;
    if (remind) pending.lastReplyAt = now;
    return { kind: "repeat", code: pending.code, remind };
  }
  if (state.requests.filter((r) => r.account === account).length >= MAX_PENDING_PER_ACCOUNT) {
    const told = state.limitNotices.some((n) => n.account === account && n.userId === userId);
    if (!told) state.limitNotices.push({ account, userId, at: now });
    return { kind: "limit", notify: !told };
  }
  const code = generateCode(new Set(state.requests.map((r) => normaliseCode(r.code))));
  const request: PairingRequest = {
    account,
    userId,
    code,
    createdAt: now,
    expiresAt: now + CODE_TTL_MS,
    lastReplyAt: now,
    ...(question ? { message: msg } : {}),
  };
  if (msg.senderUsername) request.username = msg.senderUsername;
  if (msg.senderName) request.name = msg.senderName;
  state.requests.push(request);
  state.limitNotices = state.limitNotices.filter((n) => !(n.account === account && n.userId === userId));
  return { kind: "created", code, expiresAt: request.expiresAt };
}

/** The request a typed code names (case-insensitive), expired ones included. */
export function findRequest(state: PairingState, code: string, account?: string): PairingRequest {
  const wanted = normaliseCode(code);
  const matches = state.requests.filter(
    (r) => normaliseCode(r.code) === wanted && (account === undefined || r.account === account),
  );
  if (matches.length === 0) {
    throw new PairingError(
      "pairing-unknown-code",
      `no pending pairing request has the code ${wanted}${account === undefined ? "" : ` for account ${account}`}`,
      "run `wiki-gateway pairing list` to see the pending codes; the user gets a new code by writing to the bot again",
    );
  }
  if (matches.length > 1) {
    const accounts = matches.map((r) => r.account).join(", ");
    throw new PairingError(
      "pairing-ambiguous-code",
      `the code ${wanted} is pending for several accounts (${accounts})`,
      `add --account NAME (one of: ${accounts})`,
    );
  }
  return matches[0]!;
}

/** Turns the request into an approval pending delivery, keeping the first message. */
export function applyApprove(
  state: PairingState,
  code: string,
  account: string | undefined,
  now: number,
): PairingApproval {
  const request = findLive(state, code, account, now);
  state.requests = state.requests.filter((r) => r !== request);
  state.approvals = state.approvals.filter(
    (a) => !(a.account === request.account && a.userId === request.userId),
  );
  state.limitNotices = state.limitNotices.filter(
    (n) => !(n.account === request.account && n.userId === request.userId),
  );
  const approval: PairingApproval = {
    account: request.account,
    userId: request.userId,
    approvedAt: now,
    code: request.code,
    delivered: false,
  };
  if (request.username !== undefined) approval.username = request.username;
  if (request.name !== undefined) approval.name = request.name;
  if (request.message !== undefined) approval.message = request.message;
  state.approvals.push(approval);
  return approval;
}

/** Removes a request (expired ones too: denying an expired code is not an error). */
export function applyDeny(state: PairingState, code: string, account?: string): PairingRequest {
  const request = findRequest(state, code, account);
  state.requests = state.requests.filter((r) => r !== request);
  return request;
}

export function applyRevoke(state: PairingState, account: string, userId: string): PairingApproval {
  const approval = state.approvals.find((a) => a.account === account && a.userId === userId);
  if (!approval) {
    throw new PairingError(
      "pairing-not-approved",
      `user ${userId} is not approved for account ${account}`,
      "run `wiki-gateway pairing allowed` to see approved users",
    );
  }
  state.approvals = state.approvals.filter((a) => a !== approval);
  return approval;
}

/** Marks an approval delivered and drops its kept message. False when it no longer exists. */
export function applyMarkDelivered(
  state: PairingState,
  account: string,
  userId: string,
  now: number,
): boolean {
  const approval = state.approvals.find((a) => a.account === account && a.userId === userId);
  if (!approval) return false;
  approval.delivered = true;
  approval.deliveredAt = now;
  delete approval.message;
  return true;
}

/** findRequest, then an expired request is removed and reported as expired. */
function findLive(
  state: PairingState,
  code: string,
  account: string | undefined,
  now: number,
): PairingRequest {
  const request = findRequest(state, code, account);
  if (request.expiresAt <= now) {
    state.requests = state.requests.filter((r) => r !== request);
    throw new ExpiredCode(request);
  }
  return request;
}

/** Thrown by approve for an expired code; the store writes the pruned state, then rethrows. */
export class ExpiredCode extends PairingError {
  constructor(readonly request: PairingRequest) {
    super(
      "pairing-code-expired",
      `the pairing code ${request.code} (user ${request.userId}, account ${request.account}) expired at ${new Date(request.expiresAt).toISOString()}`,
      "ask the user to write to the bot again: they get a new code, valid for 1 hour",
    );
  }
}
