import { ApiError } from "./errors.js";
import { createFloodModel, TELEGRAM_FLOOD_LIMITS } from "./flood.js";
import type { ApiErrorSpec, FloodLimits, SandboxFaults } from "./types.js";

/** What the faults decide for one Bot API call before it is handled. */
export interface CallPlan {
  delayMs: number;
  /** Handle the call, then destroy the socket mid-response. */
  drop: boolean;
  /** Spaces written after the answer (faults.absurdAnswers); 0: none. */
  padBytes: number;
  /** Answer this instead of handling the call. */
  error?: ApiError;
}

export interface FaultHooks {
  /** Validates a bot username and returns its key (throws SandboxError for unknown bots). */
  botKey(username: string): string;
  setWebhook(bot: string, url: string): void;
  startCompetitor(bot: string): () => void;
  onDown(isDown: boolean): void;
  /** The user blocked (or unblocked) the bot: Telegram sends the bot a my_chat_member update. */
  onBlock?(bot: string, userId: number, blocked: boolean): void;
}

export interface FaultState {
  faults: SandboxFaults;
  isDown(): boolean;
  isRevoked(bot: string): boolean;
  isBlocked(bot: string, userId: number): boolean;
  /** Call once per Bot API call of a known, valid token. */
  plan(bot: string, method: string): CallPlan;
  /** The flood decision for a send to `chatId` (records it when accepted). */
  flood(bot: string, chatId: number): ApiError | undefined;
}

const STATUS_TEXT: Record<number, string> = {
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};
const SEND_METHODS = new Set(["sendmessage", "editmessagetext"]);

export function createFaultState(
  hooks: FaultHooks,
  random: () => number = Math.random,
  defaultFlood: FloodLimits | null = TELEGRAM_FLOOD_LIMITS,
): FaultState {
  const failures = new Map<string, { error: ApiErrorSpec; remaining: number }[]>();
  const serverErrors = new Map<string, { rate: number; status: number }>();
  const drops = new Map<string, number>();
  const slow = new Map<string, number>();
  const absurd = new Map<string, number>();
  const revoked = new Set<string>();
  const blocked = new Set<string>();
  const competitors = new Set<() => void>();
  const flood = createFloodModel();
  flood.set(defaultFlood);
  let down = false;

  const scoped = <T>(map: Map<string, T>, bot: string) => map.get(bot) ?? map.get("*");
  const target = (bot: string) => (bot === "*" ? "*" : hooks.botKey(bot));
  const fromSpec = (e: ApiErrorSpec) =>
    new ApiError(
      e.code,
      e.description,
      e.retryAfter === undefined ? undefined : { retry_after: e.retryAfter },
    );

  const faults: SandboxFaults = {
    failNext(bot, method, error, count = 1) {
      const key = `${hooks.botKey(bot)}|${method.toLowerCase()}`;
      const list = failures.get(key) ?? [];
      list.push({ error, remaining: count });
      failures.set(key, list);
    },
    flood: (limits) => flood.set(limits),
    serverErrors(bot, rate, status = 500) {
      if (rate <= 0) serverErrors.delete(target(bot));
      else serverErrors.set(target(bot), { rate: Math.min(1, rate), status });
    },
    dropConnections: (bot, count) => void drops.set(target(bot), count),
    slow: (bot, ms) => void (ms > 0 ? slow.set(target(bot), ms) : slow.delete(target(bot))),
    absurdAnswers: (bot, bytes) =>
      void (bytes > 0 ? absurd.set(target(bot), bytes) : absurd.delete(target(bot))),
    revokeToken: (bot) => void revoked.add(hooks.botKey(bot)),
    restoreToken: (bot) => void revoked.delete(hooks.botKey(bot)),
    setWebhook: (bot, url) => hooks.setWebhook(hooks.botKey(bot), url),
    competingPoller(bot) {
      const stop = hooks.startCompetitor(hooks.botKey(bot));
      const handle = () => {
        competitors.delete(handle);
        stop();
      };
      competitors.add(handle);
      return { stop: handle };
    },
    down(isDown) {
      down = isDown;
      hooks.onDown(isDown);
    },
    blockBot(bot, userId, isBlocked = true) {
      const key = `${hooks.botKey(bot)}|${userId}`;
      if (blocked.has(key) === isBlocked) return;
      if (isBlocked) blocked.add(key);
      else blocked.delete(key);
      hooks.onBlock?.(bot, userId, isBlocked);
    },
    clear() {
      failures.clear();
      serverErrors.clear();
      drops.clear();
      slow.clear();
      absurd.clear();
      revoked.clear();
      blocked.clear();
      for (const stop of [...competitors]) stop();
      flood.set(defaultFlood);
      if (down) faults.down(false);
    },
  };

  return {
    faults,
    isDown: () => down,
    isRevoked: (bot) => revoked.has(bot),
    isBlocked: (bot, userId) => blocked.has(`${bot}|${userId}`),
    plan(bot, method) {
      const plan: CallPlan = {
        delayMs: scoped(slow, bot) ?? 0,
        drop: false,
        padBytes: method.toLowerCase() === "getupdates" ? (scoped(absurd, bot) ?? 0) : 0,
      };
      const dropKey = drops.has(bot) ? bot : drops.has("*") ? "*" : undefined;
      if (dropKey !== undefined) {
        const left = drops.get(dropKey)! - 1;
        if (left > 0) drops.set(dropKey, left);
        else drops.delete(dropKey);
        plan.drop = true;
      }
      const key = `${bot}|${method.toLowerCase()}`;
      const list = failures.get(key);
      const next = list?.[0];
      if (list && next) {
        if (--next.remaining <= 0) list.shift();
        if (list.length === 0) failures.delete(key);
        plan.error = fromSpec(next.error);
        return plan;
      }
      const server = scoped(serverErrors, bot);
      if (server && random() < server.rate) {
        plan.error = new ApiError(server.status, STATUS_TEXT[server.status] ?? "Internal Server Error");
      }
      return plan;
    },
    flood: (bot, chatId) => flood.check(bot, chatId),
  };
}

export const isSendMethod = (method: string) => SEND_METHODS.has(method.toLowerCase());
