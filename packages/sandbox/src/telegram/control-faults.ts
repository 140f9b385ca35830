import { field, type Json, optional, pick } from "./control-input.js";
import { SandboxError } from "./errors.js";
import type { TelegramSandbox } from "./types.js";

/**
 * POST /__sandbox/fault {kind, ...}: the kinds and their fields.
 *   failNext {bot, method, code, description, retryAfter?, count?}
 *   flood {perChatPerSecond?, privateBurst?, perBotPerSecond?, perGroupPerMinute?}   (none of them = off)
 *   serverErrors {bot, rate, status?}   dropConnections {bot, count}   slow {bot, ms}
 *   absurdAnswers {bot, bytes}   (getUpdates answers padded to that many bytes more; 0: off)
 *   revokeToken {bot}   restoreToken {bot}   setWebhook {bot, url}
 *   competingPoller {bot, stop?}   (stop: true ends the ones started for that bot)
 *   down {isDown}   blockBot {bot, userId, blocked?}   clear {}
 */
export function createFaultRunner(sandbox: TelegramSandbox) {
  const pollers = new Map<string, { stop(): void }[]>();
  const f = sandbox.faults;
  const kinds: Record<string, (b: Json) => void> = {
    failNext: (b) => {
      const retryAfter = optional(b, "retryAfter", "number");
      f.failNext(
        field(b, "bot", "string"),
        field(b, "method", "string"),
        {
          code: field(b, "code", "number"),
          description: field(b, "description", "string"),
          ...(retryAfter === undefined ? {} : { retryAfter }),
        },
        optional(b, "count", "number") ?? 1,
      );
    },
    flood: (b) => {
      const limits = pick(b, {
        perChatPerSecond: "number",
        privateBurst: "number",
        perBotPerSecond: "number",
        perGroupPerMinute: "number",
      });
      f.flood(Object.keys(limits).length > 0 ? limits : null);
    },
    serverErrors: (b) =>
      f.serverErrors(
        field(b, "bot", "string"),
        field(b, "rate", "number"),
        optional(b, "status", "number") ?? 500,
      ),
    dropConnections: (b) => f.dropConnections(field(b, "bot", "string"), field(b, "count", "number")),
    slow: (b) => f.slow(field(b, "bot", "string"), field(b, "ms", "number")),
    absurdAnswers: (b) => f.absurdAnswers(field(b, "bot", "string"), field(b, "bytes", "number")),
    revokeToken: (b) => f.revokeToken(field(b, "bot", "string")),
    restoreToken: (b) => f.restoreToken(field(b, "bot", "string")),
    setWebhook: (b) => f.setWebhook(field(b, "bot", "string"), field(b, "url", "string")),
    competingPoller: (b) => {
      const bot = field(b, "bot", "string").toLowerCase();
      if (optional(b, "stop", "boolean")) {
        for (const poller of pollers.get(bot) ?? []) poller.stop();
        pollers.delete(bot);
      } else pollers.set(bot, [...(pollers.get(bot) ?? []), f.competingPoller(bot)]);
    },
    down: (b) => f.down(field(b, "isDown", "boolean")),
    blockBot: (b) =>
      f.blockBot(
        field(b, "bot", "string"),
        field(b, "userId", "number"),
        optional(b, "blocked", "boolean") ?? true,
      ),
    clear: () => {
      pollers.clear();
      f.clear();
    },
  };
  return (body: Json) => {
    const kind = field(body, "kind", "string");
    const run = kinds[kind];
    if (!run)
      throw new SandboxError(
        "bad-input",
        `unknown fault kind "${kind}"`,
        `use one of: ${Object.keys(kinds).join(", ")}`,
      );
    run(body);
    return { ok: true };
  };
}
