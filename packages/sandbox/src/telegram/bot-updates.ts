import { ApiError, badRequest, CONFLICT_POLLER, CONFLICT_WEBHOOK } from "./errors.js";
import { createUpdateQueue, type Update } from "./update-queue.js";

/** Updates older than this are dropped, as Telegram does. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
/** Update types delivered when allowed_updates is empty or was never given. */
const DEFAULT_EXCLUDED = new Set(["chat_member", "message_reaction", "message_reaction_count"]);

export interface GetUpdatesParams {
  offset?: number;
  limit?: number;
  timeout?: number;
  allowed_updates?: string[];
}

export interface WebhookInfo {
  url: string;
  has_custom_certificate: false;
  pending_update_count: number;
  max_connections?: number;
  allowed_updates?: string[];
}

/**
 * One bot's side of update delivery: its queue, long polling, webhook and allowed_updates.
 *
 * Conflicts follow the official server: a new getUpdates ends a pending older one with 409
 * "terminated by other getUpdates request" and is served itself. A competing poller (a fault)
 * behaves as another process that re-polls at once: every getUpdates answers that 409 while it runs.
 */
export interface BotUpdates {
  /** A new update from Telegram's side; undefined when allowed_updates filters its type out. */
  deliver(update: Record<string, unknown>): number | undefined;
  /** A raw update (bypasses allowed_updates). */
  inject(update: Record<string, unknown>): number;
  getUpdates(params: GetUpdatesParams, signal: AbortSignal): Promise<Update[]>;
  pending(): number;
  setWebhook(url: string, options?: { dropPending?: boolean; allowedUpdates?: string[] }): void;
  deleteWebhook(dropPending: boolean): void;
  webhookInfo(): WebhookInfo;
  startCompetitor(): () => void;
  /** Empties the queue, removes webhook, competitors and allowed_updates, ends a pending poll. */
  reset(): void;
  /** Ends a pending poll with an empty result. */
  close(): void;
}

interface Poll {
  limit: number;
  resolve(updates: Update[]): void;
  reject(error: ApiError): void;
  finish(): void;
}

export function createBotUpdates(now: () => number, firstUpdateId: number): BotUpdates {
  const queue = createUpdateQueue(firstUpdateId);
  let allowed: Set<string> | undefined;
  let webhook: { url: string; allowedUpdates?: string[] } | undefined;
  const competitors = new Set<object>();
  let poll: Poll | undefined;
  let wakeScheduled = false;

  const prune = () => queue.prune(now() - RETENTION_MS);
  const typeOf = (update: Record<string, unknown>) =>
    Object.keys(update).find((k) => k !== "update_id") ?? "";
  const isAllowed = (type: string) => (allowed ? allowed.has(type) : !DEFAULT_EXCLUDED.has(type));

  // Wakes the pending poll after the current tick, so a burst of updates goes out as one batch.
  const wake = () => {
    if (wakeScheduled || !poll) return;
    wakeScheduled = true;
    setImmediate(() => {
      wakeScheduled = false;
      if (poll && queue.size() > 0) {
        prune();
        poll.resolve(queue.peek(poll.limit));
      }
    });
  };
  const terminate = (description: string) => poll?.reject(new ApiError(409, description));

  const updates: BotUpdates = {
    deliver(update) {
      if (!isAllowed(typeOf(update))) return undefined;
      return updates.inject(update);
    },
    inject(update) {
      const id = queue.push(update, now());
      wake();
      return id;
    },
    getUpdates(params, signal) {
      if (webhook) return Promise.reject(new ApiError(409, CONFLICT_WEBHOOK));
      terminate(CONFLICT_POLLER);
      if (competitors.size > 0) return Promise.reject(new ApiError(409, CONFLICT_POLLER));
      if (params.allowed_updates !== undefined) {
        allowed = params.allowed_updates.length > 0 ? new Set(params.allowed_updates) : undefined;
      }
      if (params.offset) queue.confirm(params.offset);
      prune();
      const limit = params.limit === undefined || params.limit < 1 || params.limit > 100 ? 100 : params.limit;
      const timeout = Math.min(50, Math.max(0, params.timeout ?? 0));
      if (queue.size() > 0 || timeout === 0 || signal.aborted) return Promise.resolve(queue.peek(limit));
      return new Promise<Update[]>((resolve, reject) => {
        const timer = setTimeout(() => current.resolve([]), timeout * 1000);
        const onAbort = () => current.finish();
        const current: Poll = {
          limit,
          resolve: (result) => {
            current.finish();
            resolve(result);
          },
          reject: (error) => {
            current.finish();
            reject(error);
          },
          finish: () => {
            clearTimeout(timer);
            signal.removeEventListener("abort", onAbort);
            if (poll === current) poll = undefined;
          },
        };
        signal.addEventListener("abort", onAbort, { once: true });
        poll = current;
      });
    },
    pending() {
      prune();
      return queue.size();
    },
    setWebhook(url, options = {}) {
      if (url === "") return updates.deleteWebhook(options.dropPending ?? false);
      webhook = { url, ...(options.allowedUpdates ? { allowedUpdates: options.allowedUpdates } : {}) };
      if (options.allowedUpdates)
        allowed = options.allowedUpdates.length ? new Set(options.allowedUpdates) : undefined;
      if (options.dropPending) queue.clear();
      terminate(CONFLICT_WEBHOOK);
    },
    deleteWebhook(dropPending) {
      webhook = undefined;
      if (dropPending) queue.clear();
    },
    webhookInfo() {
      const info: WebhookInfo = {
        url: webhook?.url ?? "",
        has_custom_certificate: false,
        pending_update_count: updates.pending(),
      };
      if (webhook) {
        info.max_connections = 40;
        if (allowed) info.allowed_updates = [...allowed];
      }
      return info;
    },
    startCompetitor() {
      const competitor = {};
      competitors.add(competitor);
      terminate(CONFLICT_POLLER);
      return () => competitors.delete(competitor);
    },
    reset() {
      queue.clear();
      webhook = undefined;
      allowed = undefined;
      competitors.clear();
      poll?.resolve([]);
    },
    close: () => poll?.resolve([]),
  };
  return updates;
}

/** Parses allowed_updates as the Bot API does (a JSON array, possibly JSON-encoded in a form field). */
export function parseAllowedUpdates(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badRequest("can't parse allowed updates");
    }
  }
  if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === "string")) {
    throw badRequest("can't parse allowed updates");
  }
  return parsed;
}
