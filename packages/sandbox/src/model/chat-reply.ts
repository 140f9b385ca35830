import type { ServerResponse } from "node:http";
import { isHostile, sendHostile } from "./hostile-reply.js";
import type { ReplyContext } from "./reply-context.js";
import {
  completionBody,
  completionChunks,
  errorBody,
  piecesOf,
  type Usage,
  usageOf,
} from "./openai-shapes.js";
import type { ScriptedReply } from "./scripted-replies.js";

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

const STATUS_ERRORS: Record<number, [string, Parameters<typeof errorBody>[1], string | null]> = {
  400: ["Bad request", "invalid_request_error", null],
  401: ["Incorrect API key provided.", "invalid_request_error", "invalid_api_key"],
  404: [
    "The model does not exist or you do not have access to it.",
    "invalid_request_error",
    "model_not_found",
  ],
  429: ["Rate limit reached. Please try again later.", "rate_limit_error", "rate_limit_exceeded"],
};

function sendError(res: ServerResponse, reply: ScriptedReply): void {
  const status = reply.status ?? 500;
  const [message, type, code] = STATUS_ERRORS[status] ?? [
    "The server had an error while processing your request.",
    "server_error",
    null,
  ];
  const headers: Record<string, string> =
    reply.retryAfterS === undefined ? {} : { "retry-after": String(reply.retryAfterS) };
  sendJson(res, status, errorBody(message, type, code), headers);
}

const GENERATION_FAILED = "The model failed while generating.";

/** Answers one chat completion with a reply (scripted or replayed), streamed or whole. */
export async function sendChatReply(
  res: ServerResponse,
  reply: ScriptedReply,
  ctx: ReplyContext,
): Promise<void> {
  if (reply.delayMs) await wait(reply.delayMs);
  if (reply.status !== undefined) return sendError(res, reply);
  if (isHostile(reply)) return sendHostile(res, reply, ctx);
  const content = reply.content ?? reply.pieces?.join("") ?? "";
  const usage = (reply.usage as Usage | undefined) ?? usageOf(ctx.promptText, content);
  if (!ctx.stream) {
    if (reply.errorAfter !== undefined)
      return sendJson(res, 200, errorBody(GENERATION_FAILED, "server_error"));
    if (reply.malformed) {
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end('{"id": "chatcmpl-broken", "choices": [');
    }
    const body = completionBody({
      id: ctx.id,
      model: ctx.model,
      created: ctx.created,
      content,
      usage,
      finish: "stop",
      reasoning: reply.reasoning,
    });
    return sendJson(res, 200, body);
  }
  await streamReply(res, reply, ctx, content, usage);
}

async function streamReply(
  res: ServerResponse,
  reply: ScriptedReply,
  ctx: ReplyContext,
  content: string,
  usage: ReturnType<typeof usageOf>,
): Promise<void> {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const chunks = completionChunks({
    id: ctx.id,
    model: ctx.model,
    created: ctx.created,
    pieces: reply.pieces ?? piecesOf(content),
    finish: "stop",
    reasoning: reply.reasoning,
    ...(ctx.includeUsage ? { usage } : {}),
  });
  for (const [index, chunk] of chunks.entries()) {
    if (res.destroyed || ctx.closing()) return;
    // chunk 0 carries the role; piece n (thinking pieces first) is chunk n. The socket ends after what was
    // written is flushed, without the closing chunk: the client sees a body cut short.
    if (reply.cutAfter !== undefined && index > reply.cutAfter) return void res.socket?.destroySoon();
    if (reply.errorAfter !== undefined && index > reply.errorAfter) {
      res.write(`data: ${JSON.stringify(errorBody(GENERATION_FAILED, "server_error"))}\n\n`);
      break;
    }
    const data = reply.malformed && index === 1 ? "{not json" : JSON.stringify(chunk);
    res.write(`data: ${data}\n\n`);
    if (reply.chunkDelayMs) await wait(reply.chunkDelayMs);
  }
  res.end("data: [DONE]\n\n");
}
