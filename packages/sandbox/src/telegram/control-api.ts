import type { IncomingMessage, ServerResponse } from "node:http";
import { isGatewayError } from "../../../../src/errors.js";
import { ApiError } from "./errors.js";
import { writeJson } from "./http-server.js";
import { readBody } from "./params.js";
import { createFaultRunner } from "./control-faults.js";
import { field, type Json, optional, pick } from "./control-input.js";
import type { SentLog } from "./logs.js";
import type { TelegramSandbox } from "./types.js";

/** Longest `wait` of GET /__sandbox/sent, ms. */
const MAX_WAIT = 60_000;

/**
 * The control API under `/__sandbox/` (never collides with `/bot<TOKEN>/...`), JSON in and out:
 *   GET  state                          → { bots, users, chats }
 *   POST say {from, chat | bot, text, replyTo?, textMentions?} → { messageId, chatId, deliveredTo }
 *   GET  sent?bot=&chat=&since=&wait=ms → SentMessage[] (with wait: long-polls for the first seq > since)
 *   GET  calls?bot=&method=             → CallRecord[]
 *   GET  pending?bot=                   → { pending }
 *   POST fault {kind, ...args}          → { ok: true } (see control-faults.ts)
 *   POST reset                          → { ok: true }
 *   POST users {firstName, username?, id?} → user;  POST bots {username, ...} → bot;  POST groups {title, ...} → chat
 *   POST inject {bot, update}           → { update_id }
 *   POST tap {from, chat | bot, messageId, data} → { callbackQueryId, deliveredTo }
 * Bad input answers 400 `{ ok: false, error, fix }`.
 */
export function createControlApi(sandbox: TelegramSandbox, sentLog: Pick<SentLog, "waitSince">) {
  const runFault = createFaultRunner(sandbox);
  const routes: Record<string, (body: Json, query: URLSearchParams) => unknown> = {
    "GET state": () => sandbox.state(),
    "POST say": (b) => {
      const bot = optional(b, "bot", "string");
      const chat = bot === undefined ? field(b, "chat", "number") : { bot };
      const replyTo = optional(b, "replyTo", "number");
      const textMentions = optional(b, "textMentions", "array") as
        { userId: number; text: string }[] | undefined;
      return sandbox.userSays({
        from: field(b, "from", "number"),
        chat,
        text: field(b, "text", "string"),
        ...(replyTo === undefined ? {} : { replyTo }),
        ...(textMentions ? { textMentions } : {}),
      });
    },
    "GET calls": (_b, q) => {
      const bot = q.get("bot");
      const method = q.get("method");
      return sandbox.calls({ ...(bot ? { bot } : {}), ...(method ? { method } : {}) });
    },
    "GET pending": (_b, q) => ({ pending: sandbox.pendingUpdates(q.get("bot") ?? "") }),
    "POST fault": (b) => runFault(b),
    "POST reset": () => {
      sandbox.reset();
      return { ok: true };
    },
    "POST users": (b) => {
      const username = optional(b, "username", "string");
      const id = optional(b, "id", "number");
      return sandbox.addUser({
        firstName: field(b, "firstName", "string"),
        ...(username ? { username } : {}),
        ...(id === undefined ? {} : { id }),
      });
    },
    "POST bots": (b) =>
      sandbox.addBot({
        username: field(b, "username", "string"),
        ...pick(b, { firstName: "string", privacy: "boolean", id: "number", token: "string" }),
      }),
    "POST groups": (b) => {
      const type = optional(b, "type", "string");
      if (type !== undefined && type !== "group" && type !== "supergroup") {
        throw new ApiError(400, '"type" must be "group" or "supergroup"');
      }
      return sandbox.addGroup({
        title: field(b, "title", "string"),
        ...(type ? { type } : {}),
        ...pick(b, { id: "number" }),
        ...(optional(b, "members", "array") ? { members: field(b, "members", "array") as number[] } : {}),
        ...(optional(b, "bots", "array") ? { bots: field(b, "bots", "array") as string[] } : {}),
      });
    },
    "POST tap": (b) => {
      const bot = optional(b, "bot", "string");
      return sandbox.tap({
        from: field(b, "from", "number"),
        chat: bot === undefined ? field(b, "chat", "number") : { bot },
        messageId: field(b, "messageId", "number"),
        data: field(b, "data", "string"),
      });
    },
    "POST inject": (b) => ({
      update_id: sandbox.injectUpdate(field(b, "bot", "string"), field(b, "update", "object")),
    }),
  };

  async function sent(res: ServerResponse, q: URLSearchParams) {
    const num = (name: string) => {
      const raw = q.get(name);
      if (raw === null || raw === "") return undefined;
      const n = Number(raw);
      if (!Number.isFinite(n)) throw new ApiError(400, `query parameter ${name} must be a number`);
      return n;
    };
    const bot = q.get("bot") || undefined;
    const chatId = num("chat");
    const filter = {
      ...(bot ? { bot } : {}),
      ...(chatId === undefined ? {} : { chatId }),
      sinceSeq: num("since") ?? 0,
    };
    const wait = Math.min(MAX_WAIT, Math.max(0, num("wait") ?? 0));
    writeJson(res, 200, wait > 0 ? await sentLog.waitSince(filter, wait) : sandbox.sent(filter));
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const name = url.pathname.slice("/__sandbox/".length).replace(/\/$/, "");
    try {
      if (req.method === "GET" && name === "sent") return await sent(res, url.searchParams);
      const route = routes[`${req.method} ${name}`];
      if (!route) {
        req.resume();
        const known = Object.keys(routes).concat("GET sent").join(", ");
        return void writeJson(res, 404, {
          ok: false,
          error: `no control route ${req.method} /__sandbox/${name}`,
          fix: `use one of: ${known}`,
        });
      }
      let body: Json = {};
      if (req.method === "POST") {
        const text = await readBody(req, 1024 * 1024);
        try {
          body = text.trim() === "" ? {} : (JSON.parse(text) as Json);
        } catch {
          throw new ApiError(400, "the body is not JSON");
        }
        if (body === null || typeof body !== "object" || Array.isArray(body))
          throw new ApiError(400, "the body must be a JSON object");
      }
      writeJson(res, 200, route(body, url.searchParams) ?? { ok: true });
    } catch (error) {
      if (isGatewayError(error))
        return void writeJson(res, 400, { ok: false, error: error.message, fix: error.remedy });
      if (error instanceof ApiError)
        return void writeJson(res, error.status, { ok: false, error: error.description });
      throw error;
    }
  };
}
