import { autoRetry } from "@grammyjs/auto-retry";
import { Bot, HttpError, type Transformer } from "grammy";
import type { PollGate } from "../core/poll-gate.js";
import { createApiAbortController } from "./api-signal.js";
import type { Journal } from "./journal/journal.js";
import type { OutgoingPacer } from "./outgoing-pacer.js";
import { quickRetry } from "./quick-retry.js";
import { isUpdate } from "./journal/update-shape.js";

/** One Telegram API call as the metrics and the supervisor see it (never carries the token). */
export interface ApiCallEvent {
  account: string;
  method: string;
  ok: boolean;
  /** Telegram's error_code, or 0 for a network failure. */
  errorCode?: number;
  description?: string;
  ms: number;
}

export interface AccountBotOptions {
  account: string;
  token: string;
  apiRoot: string;
  journal: Journal;
  onApiCall?: (event: ApiCallEvent) => void;
  /** A long poll has been waiting for a second without error: the account is polling. */
  onPolling?: () => void;
  /** Long-poll timeout of getUpdates, seconds; its calls are given this plus a margin. */
  pollTimeoutSeconds?: number;
  /**
   * Largest answer read from the Bot API, in bytes (default 4 MiB): a larger one (an absurd
   * getUpdates batch) fails the call while it arrives, before it is parsed, never held in memory.
   */
  responseMaxBytes?: number;
  /** Keeps Telegram's rates for the messages the bot sends; absent = no pacing. */
  pacer?: OutgoingPacer;
  /** Cluster mode: admits each getUpdates (lease held, fencing token current) and caps its timeout. */
  pollGate?: PollGate;

  /** Shared with the runner: the next offset to confirm, and whether a call only confirms. */
  offsets?: OffsetTrack;
}

/**
 * The offsets of one account's polling: `next` is one past the highest update id getUpdates
 * returned. A call made with `confirmOnly` confirms up to its offset and what it returns is not
 * journaled (it stays unconfirmed at Telegram, for whoever polls next).
 */
export interface OffsetTrack {
  next: number;
  confirmOnly: boolean;
  /**
   * Set for a handover (cluster mode): a getUpdates whose caller aborts is not cut but runs to its
   * end (its timeout is already capped by the lease), so the next getUpdates of this bot, from this
   * replica or the next owner, never overlaps it at Telegram (a cut request may still look
   * connected there, and a newer getUpdates would end it with 409). The lease still cuts it.
   */
  finishPolls?: boolean;
}

/** Longest wait for any other Bot API call before it counts as a network failure (and is retried). */
export const CALL_TIMEOUT_MS = 5_000;

/** Methods that put a message in a chat, and count in Telegram's flood limits (not chat actions). */
/**
 * The methods that post to a chat (paced). Drafts are not messages: they stay out of the queue,
 * bounded by the answer stream's own interval (answer-stream.ts), so they never delay an answer.
 */
const MESSAGES =
  /^(send(?!ChatAction$|MessageDraft$|RichMessageDraft$)[A-Z]|copyMessages?$|forwardMessages?$|editMessage[A-Z])/;

/** Methods whose retries belong to the supervisor, not to auto-retry. */
const SUPERVISED = new Set(["getUpdates", "getMe", "getWebhookInfo", "deleteWebhook"]);

/**
 * A grammY Bot for one account, with five API transformers (innermost first):
 * 0. a deadline per call: a connection cut in the middle of an answer would otherwise hang the call
 *    (grammY does not notice), stalling polling or a reply for the client's whole timeout;
 * 1. an observer reporting every raw attempt (metrics, account state);
 * 2. the journal hook: each batch `getUpdates` returns is recorded before the runner can confirm it;
 * 3. capped auto-retry (429 with retry_after, 5xx, network) for every method but the supervised ones,
 *    a 5xx first retried quickly (quick-retry.ts: 0.5, 1, 2 s) before auto-retry's backoff from 3 s;
 * 4. the pacer, outermost: a message waits for its turn under Telegram's rates, and holds its
 *    chat's turn through auto-retry, so replies keep their order per chat even after a 429.
 * 5. beside it, in cluster mode: the poll gate, before every getUpdates (which also confirms the
 *    previous batch): no lease, no poll; the long-poll timeout is capped to end before the lease
 *    could expire, and the call is aborted when the lease's local deadline comes.
 */
export function createAccountBot(options: AccountBotOptions): Bot {
  const bot = new Bot(options.token, {
    client: {
      apiRoot: options.apiRoot,
      timeoutSeconds: 75,
      // node-fetch's own bound, counted as the body arrives (grammY keeps its keep-alive agent).
      baseFetchConfig: { size: options.responseMaxBytes ?? DEFAULT_RESPONSE_MAX_BYTES },
    },
  });
  bot.api.config.use(
    deadlineOf(((options.pollTimeoutSeconds ?? 30) + 10) * 1000),
    observerOf(options),
    journalHookOf(options),
    cappedRetry(),
    pacedBy(options.pacer),
    gatedBy(options.pollGate, options.offsets),
  );
  return bot;
}

/** The Bot API's answers are small (a getUpdates batch of 100 large messages is a few MB). */
export const DEFAULT_RESPONSE_MAX_BYTES = 4 * 1024 * 1024;

/** 0. A deadline per call (a long poll: its timeout and 10 s more). */
function deadlineOf(pollMs: number): Transformer {
  return async (prev, method, payload, signal) => {
    const ms = method === "getUpdates" ? pollMs : CALL_TIMEOUT_MS;
    // Abort the request, and also stop waiting for it: a fetch whose socket died while the body
    // was streaming does not always settle when aborted.
    const controller = createApiAbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort);
    if (signal?.aborted) controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new HttpError(`Request to '${method}' timed out after ${ms} ms`, new Error("deadline")));
      }, ms);
    });
    try {
      return await Promise.race([prev(method, payload, controller.signal), expired]);
    } catch (error) {
      // A failed call's answer is not read further: an answer past its size bound would otherwise
      // keep arriving (and being thrown away) until it ends.
      controller.abort();
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  };
}

/** 1. Reports every raw attempt (metrics, account state), and a poll still waiting after 1 s. */
function observerOf(options: AccountBotOptions): Transformer {
  return async (prev, method, payload, signal) => {
    const started = performance.now();
    const waiting = method === "getUpdates" ? setTimeout(() => options.onPolling?.(), 1000) : undefined;
    try {
      const res = await prev(method, payload, signal);
      options.onApiCall?.({
        account: options.account,
        method,
        ok: res.ok,
        ms: performance.now() - started,
        ...(res.ok ? {} : { errorCode: res.error_code, description: res.description }),
      });
      return res;
    } catch (error) {
      if (!signal?.aborted || isTimeout(error)) {
        options.onApiCall?.({
          account: options.account,
          method,
          ok: false,
          errorCode: 0,
          description: (error as Error).message,
          ms: performance.now() - started,
        });
      }
      throw error;
    } finally {
      clearTimeout(waiting);
    }
  };
}

/** 2. Records each batch getUpdates returns, stored before the runner can confirm it. */
function journalHookOf(options: AccountBotOptions): Transformer {
  return async (prev, method, payload, signal) => {
    const res = await prev(method, payload, signal);
    const result: unknown = res.ok ? res.result : undefined;
    if (method === "getUpdates" && Array.isArray(result) && options.offsets?.confirmOnly !== true) {
      const updates = result.filter(isUpdate);
      options.journal.record(updates);
      // Stored before the runner may confirm the batch (its next getUpdates moves the offset).
      await options.journal.flush();
      if (options.offsets)
        for (const u of updates) options.offsets.next = Math.max(options.offsets.next, u.update_id + 1);
    }
    return res;
  };
}

/** 3. Capped auto-retry for every method but the supervised ones, a 5xx first retried quickly. */
function cappedRetry(): Transformer {
  const retry = autoRetry({
    maxRetryAttempts: 5,
    maxDelaySeconds: 60,
    rethrowInternalServerErrors: false,
    rethrowHttpErrors: false,
  });
  const quick = quickRetry();
  return (prev, method, payload, signal) =>
    SUPERVISED.has(method)
      ? prev(method, payload, signal)
      : retry((m, p, s) => quick(prev, m, p, s), method, payload, signal);
}

/** 4. A message waits for its turn under Telegram's rates, holding its chat's turn through retries. */
function pacedBy(pacer: AccountBotOptions["pacer"]): Transformer {
  return (prev, method, payload, signal) => {
    const chatId = (payload as { chat_id?: unknown } | undefined)?.chat_id;
    if (!pacer || !MESSAGES.test(method) || (typeof chatId !== "number" && typeof chatId !== "string"))
      return prev(method, payload, signal);
    return pacer.run(chatId, () => prev(method, payload, signal));
  };
}

/** 5. Cluster mode: no lease, no poll; the long poll ends before the lease could expire. */
function gatedBy(
  pollGate: AccountBotOptions["pollGate"],
  offsets: AccountBotOptions["offsets"],
): Transformer {
  return async (prev, method, payload, signal) => {
    if (method !== "getUpdates" || pollGate === undefined) return prev(method, payload, signal);
    const requested = (payload as { timeout?: number }).timeout ?? 0;
    const permit = await pollGate.admit(requested);
    const controller = createApiAbortController();
    const onAbort = () => controller.abort();
    const onCallerAbort = () => {
      if (offsets?.finishPolls !== true) controller.abort();
    };
    if (signal?.aborted || permit.signal.aborted) controller.abort();
    signal?.addEventListener("abort", onCallerAbort);
    permit.signal.addEventListener("abort", onAbort);
    try {
      return await prev(method, { ...payload, timeout: permit.timeoutSeconds }, controller.signal);
    } finally {
      signal?.removeEventListener("abort", onCallerAbort);
      permit.signal.removeEventListener("abort", onAbort);
    }
  };
}

function isTimeout(error: unknown): boolean {
  return /timed? ?out|TimeoutError|aborted/i.test(String((error as { message?: unknown })?.message ?? error));
}
