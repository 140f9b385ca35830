import type { IncomingMessage, ServerResponse } from "node:http";
import { isGatewayError } from "../../../../src/errors.js";
import { ApiError } from "./errors.js";
import { writeJson } from "./http-server.js";
import { readBody } from "./params.js";
import { createFaultRunner } from "./control-faults.js";
import { field, type Json, optional, pick, userChat } from "./control-input.js";
import type { SentLog } from "./logs.js";
import type { MediaKind, MediaUpload, TelegramSandbox, UserSaysInput } from "./types.js";

/** Longest `wait` of GET /__sandbox/sent, ms. */
const MAX_WAIT = 60_000;

/**
 * The control API under `/__sandbox/` (never collides with `/bot<TOKEN>/...`), JSON in and out:
 *   GET  state                          → { bots, users, chats }
 *   POST say {from, chat | bot, text?, replyTo?, textMentions?, thread?, media?, fileBase64?, mimeType?, duration?, width?, height?, fileName?, as?} → { messageId, chatId, deliveredTo }
 *   GET  files                          → the paths the bots downloaded (GET /file/bot<token>/<path>), oldest first
 *   GET  sent?bot=&chat=&since=&wait=ms → SentMessage[] (with wait: long-polls for the first seq > since)
 *   GET  calls?bot=&method=             → CallRecord[]
 *   GET  pending?bot=                   → { pending }
 *   POST fault {kind, ...args}          → { ok: true } (see control-faults.ts)
 *   POST reset                          → { ok: true }
 *   POST users {firstName, username?, id?, languageCode?} → user;  POST bots {username, ...} → bot;  POST groups {title, ...} → chat
 *   POST inject {bot, update, bypassAllowedUpdates?} → { update_id } (null when allowed_updates filters it)
 *   POST membership {chat, bot, status: "member" | "kicked", by?} → { ok: true } (my_chat_member to the bot)
 *   POST upgrade {chat}                 → the new supergroup (service messages in both chats)
 *   POST topics {chat, name, by?}       → { threadId };  POST topics/close {chat, thread} → { ok: true }
 *   POST channels {title, discussionGroup?, bots?, id?} → channel;  POST posts {channel, text} → { messageId, forwardedId? }
 *   POST tap {from, chat | bot, messageId, data, inaccessible?} → { callbackQueryId, deliveredTo }
 *   POST react {from, chat | bot, messageId, emoji: [...], as?: "anonymous-admin"} → { deliveredTo }
 *   POST admin {chat, bot, admin: boolean, by?} → { ok: true } (my_chat_member to the bot)
 *   POST edit {from, chat | bot, messageId, text, after?} → { messageId, chatId, deliveredTo } (edited_message)
 *   POST inline {from, bot, query, chat? | in?}  → { inlineQueryId, deliveredTo } (a user types "@bot query"; `in`: a bot's DM)
 *   GET  inline?id=&wait=ms             → the bot's answer { results, cacheTime, isPersonal, button? } or null
 *   POST inline/choose {from, inlineQueryId, resultId, chat | bot} → { messageId, chatId, deliveredTo }
 *   POST bots/inline {bot, on}          → { ok: true } (BotFather /setinline)
 *   GET  drafts?bot=&chat=&live=1       → DraftRecord[] (every draft call), or with live=1 the drafts on screen
 *   POST stop {from, bot, draftId?}     → { draftId, deliveredTo } (the user presses a draft's stop button)
 *   GET  deleted?bot=&chat=             → the messages the bots deleted
 * Bad input answers 400 `{ ok: false, error, fix }`.
 */
export function createControlApi(sandbox: TelegramSandbox, sentLog: Pick<SentLog, "waitSince">) {
  const runFault = createFaultRunner(sandbox);
  const routes: Record<string, (body: Json, query: URLSearchParams) => unknown> = {
    "GET state": () => sandbox.state(),
    "POST say": (b) => {
      const chat = userChat(b);
      const textMentions = optional(b, "textMentions", "array") as
        { userId: number; text: string }[] | undefined;
      const extras = sayExtras(b);
      // Without media the text is required (a caption is optional).
      const text = extras.media === undefined ? field(b, "text", "string") : optional(b, "text", "string");
      return sandbox.userSays({
        from: field(b, "from", "number"),
        chat,
        ...(text === undefined ? {} : { text }),
        ...pick(b, { replyTo: "number", thread: "number" }),
        ...(textMentions ? { textMentions } : {}),
        ...extras,
      });
    },
    "GET calls": (_b, q) => {
      const bot = q.get("bot");
      const method = q.get("method");
      return sandbox.calls({ ...(bot ? { bot } : {}), ...(method ? { method } : {}) });
    },
    "GET pending": (_b, q) => ({ pending: sandbox.pendingUpdates(q.get("bot") ?? "") }),
    "GET files": () => sandbox.downloads(),
    "POST fault": (b) => runFault(b),
    "POST reset": () => {
      sandbox.reset();
      return { ok: true };
    },
    "POST users": (b) => {
      const username = optional(b, "username", "string");
      const id = optional(b, "id", "number");
      const languageCode = optional(b, "languageCode", "string");
      return sandbox.addUser({
        firstName: field(b, "firstName", "string"),
        ...(username ? { username } : {}),
        ...(languageCode ? { languageCode } : {}),
        ...(id === undefined ? {} : { id }),
      });
    },
    "POST bots": (b) =>
      sandbox.addBot({
        username: field(b, "username", "string"),
        ...pick(b, {
          firstName: "string",
          privacy: "boolean",
          id: "number",
          token: "string",
          inline: "boolean",
        }),
      }),
    "POST groups": (b) => {
      const type = optional(b, "type", "string");
      if (type !== undefined && type !== "group" && type !== "supergroup") {
        throw new ApiError(400, '"type" must be "group" or "supergroup"');
      }
      return sandbox.addGroup({
        title: field(b, "title", "string"),
        ...(type ? { type } : {}),
        ...pick(b, { id: "number", forum: "boolean" }),
        ...(optional(b, "members", "array") ? { members: field(b, "members", "array") as number[] } : {}),
        ...(optional(b, "bots", "array") ? { bots: field(b, "bots", "array") as string[] } : {}),
        ...(optional(b, "admins", "array") ? { admins: field(b, "admins", "array") as string[] } : {}),
      });
    },
    "POST edit": (b) => {
      return sandbox.userEdits({
        from: field(b, "from", "number"),
        chat: userChat(b),
        messageId: field(b, "messageId", "number"),
        text: field(b, "text", "string"),
        ...pick(b, { after: "number" }),
      });
    },
    "POST tap": (b) => {
      return sandbox.tap({
        from: field(b, "from", "number"),
        chat: userChat(b),
        messageId: field(b, "messageId", "number"),
        data: field(b, "data", "string"),
        ...pick(b, { inaccessible: "boolean" }),
      });
    },
    "POST react": (b) => {
      const emoji = field(b, "emoji", "array");
      if (!emoji.every((e) => typeof e === "string"))
        throw new ApiError(400, '"emoji" must be an array of emoji strings ([] removes the reaction)');
      const as = optional(b, "as", "string");
      if (as !== undefined && as !== "anonymous-admin")
        throw new ApiError(400, '"as" must be "anonymous-admin" when given');
      return sandbox.react({
        from: field(b, "from", "number"),
        chat: userChat(b),
        messageId: field(b, "messageId", "number"),
        emoji: emoji as string[],
        ...(as ? { as } : {}),
      });
    },
    "POST admin": (b) => {
      const by = optional(b, "by", "number");
      sandbox.setBotAdmin(
        field(b, "chat", "number"),
        field(b, "bot", "string"),
        field(b, "admin", "boolean"),
        by,
      );
      return { ok: true };
    },
    "POST inline": (b) => {
      const dm = optional(b, "in", "string");
      const chat = dm === undefined ? optional(b, "chat", "number") : { bot: dm };
      return sandbox.inlineQuery({
        from: field(b, "from", "number"),
        bot: field(b, "bot", "string"),
        query: field(b, "query", "string"),
        ...(chat === undefined ? {} : { chat }),
      });
    },
    "POST inline/choose": (b) => {
      return sandbox.chooseInlineResult({
        from: field(b, "from", "number"),
        inlineQueryId: field(b, "inlineQueryId", "string"),
        resultId: field(b, "resultId", "string"),
        chat: userChat(b),
      });
    },
    "POST bots/inline": (b) => {
      sandbox.setBotInline(field(b, "bot", "string"), field(b, "on", "boolean"));
      return { ok: true };
    },
    "GET drafts": (_b, q) => {
      const filter = draftFilter(q);
      return q.get("live") === "1" ? sandbox.liveDrafts(filter) : sandbox.drafts(filter);
    },
    "GET deleted": (_b, q) => sandbox.deleted(draftFilter(q)),
    "POST stop": (b) =>
      sandbox.stopGeneration({
        from: field(b, "from", "number"),
        bot: field(b, "bot", "string"),
        ...pick(b, { draftId: "number" }),
      }),
    "POST inject": (b) => ({
      update_id:
        sandbox.injectUpdate(field(b, "bot", "string"), field(b, "update", "object"), {
          bypassAllowedUpdates: optional(b, "bypassAllowedUpdates", "boolean") === true,
        }) ?? null,
    }),
    "POST membership": (b) => {
      const status = field(b, "status", "string");
      if (status !== "member" && status !== "kicked")
        throw new ApiError(400, '"status" must be "member" or "kicked"');
      const by = optional(b, "by", "number");
      sandbox.setBotMembership(field(b, "chat", "number"), field(b, "bot", "string"), status, by);
      return { ok: true };
    },
    "POST upgrade": (b) => sandbox.upgradeGroup(field(b, "chat", "number")),
    "POST topics": (b) => {
      const by = b.by;
      if (by !== undefined && typeof by !== "number" && typeof by !== "string") {
        throw new ApiError(400, '"by" must be a user id or a bot username');
      }
      return sandbox.createTopic(field(b, "chat", "number"), {
        name: field(b, "name", "string"),
        ...(by === undefined ? {} : { by }),
      });
    },
    "POST topics/close": (b) => {
      sandbox.closeTopic(field(b, "chat", "number"), field(b, "thread", "number"));
      return { ok: true };
    },
    "POST channels": (b) =>
      sandbox.addChannel({
        title: field(b, "title", "string"),
        ...pick(b, { discussionGroup: "number", id: "number" }),
        ...(optional(b, "bots", "array") ? { bots: field(b, "bots", "array") as string[] } : {}),
      }),
    "POST posts": (b) => sandbox.channelPost(field(b, "channel", "number"), field(b, "text", "string")),
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

  /** GET inline?id=&wait=ms: the answer, waiting up to `wait` ms for it (null when none yet). */
  async function inlineAnswer(res: ServerResponse, q: URLSearchParams) {
    const id = q.get("id") ?? "";
    const wait = Math.min(MAX_WAIT, Math.max(0, Number(q.get("wait") ?? 0) || 0));
    const answer =
      wait > 0
        ? await sandbox.waitForInlineAnswer(id, wait).catch(() => undefined)
        : sandbox.inlineAnswer(id);
    writeJson(res, 200, answer ?? null);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const name = url.pathname.slice("/__sandbox/".length).replace(/\/$/, "");
    try {
      if (req.method === "GET" && name === "sent") return await sent(res, url.searchParams);
      if (req.method === "GET" && name === "inline") return await inlineAnswer(res, url.searchParams);
      const route = routes[`${req.method} ${name}`];
      if (!route) {
        req.resume();
        const known = Object.keys(routes).concat("GET sent", "GET inline").join(", ");
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

/** `media` (with `fileBase64`, `mimeType`, ...) and `as` of POST say, checked. */
function sayExtras(b: Json): Pick<UserSaysInput, "media" | "as" | "upload"> {
  const media = optional(b, "media", "string");
  const as = b.as;
  const out: Pick<UserSaysInput, "media" | "as" | "upload"> = {};
  if (media !== undefined) out.media = media as MediaKind;
  const upload = uploadOf(b);
  if (upload) {
    if (media === undefined)
      throw new ApiError(400, '"fileBase64" needs "media" (voice, audio, video_note, photo or document)');
    out.upload = upload;
  }
  if (as === "anonymous-admin") out.as = as;
  else if (as !== undefined && as !== null) {
    const channel = typeof as === "object" ? (as as Json).channel : undefined;
    if (typeof channel !== "number") {
      throw new ApiError(400, '"as" must be "anonymous-admin" or {"channel": <channel id>}');
    }
    out.as = { channel };
  }
  return out;
}

/** `fileBase64` with `mimeType` (and `duration`, `width`, `height`, `fileName`) of POST say. */
function uploadOf(b: Json): MediaUpload | undefined {
  const base64 = optional(b, "fileBase64", "string");
  if (base64 === undefined) return undefined;
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) throw new ApiError(400, '"fileBase64" holds no bytes');
  return {
    bytes,
    mimeType: field(b, "mimeType", "string"),
    ...pick(b, { duration: "number", width: "number", height: "number", fileName: "string" }),
  };
}

/** `bot` and `chat` of a query string. */
function draftFilter(q: URLSearchParams): { bot?: string; chatId?: number } {
  const bot = q.get("bot");
  const chat = q.get("chat");
  if (chat !== null && chat !== "" && !Number.isFinite(Number(chat)))
    throw new ApiError(400, "query parameter chat must be a number");
  return { ...(bot ? { bot } : {}), ...(chat ? { chatId: Number(chat) } : {}) };
}
