import type { ServerResponse } from "node:http";
import type { ReplyContext } from "./reply-context.js";
import type { ScriptedReply } from "./scripted-replies.js";

/**
 * What a buggy or hostile model server sends (ScriptedReply's hostile fields): a reply of many
 * megabytes ignoring `max_tokens`, a drip that never ends, bytes that are not server-sent events.
 * Each is written as the socket takes it (never held whole in memory) and stops when the client
 * closes the connection or the stand-in closes.
 */
export function isHostile(reply: ScriptedReply): boolean {
  return reply.oversizedMb !== undefined || reply.dripMs !== undefined || reply.invalidStream === true;
}

const MB = 1024 * 1024;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Writes `text`, waiting for the socket to drain; false once the client has gone. */
async function write(res: ServerResponse, ctx: ReplyContext, text: string): Promise<boolean> {
  if (res.destroyed || ctx.closing()) return false;
  if (!res.write(text))
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off("drain", done).off("close", done);
        resolve();
      };
      res.on("drain", done).on("close", done);
    });
  return !res.destroyed && !ctx.closing();
}

function event(ctx: ReplyContext, content: string): string {
  const chunk = {
    id: ctx.id,
    object: "chat.completion.chunk",
    created: ctx.created,
    model: ctx.model,
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** The content repeated to `oversizedMb` megabytes: a whole body, or events of about 1 KB. */
async function oversized(res: ServerResponse, reply: ScriptedReply, ctx: ReplyContext): Promise<void> {
  const unit = `${reply.content ?? "and again "} `;
  const piece = unit.repeat(Math.ceil(1024 / unit.length));
  const total = (reply.oversizedMb ?? 0) * MB;
  if (!ctx.stream) {
    res.writeHead(200, { "content-type": "application/json" });
    const head = `{"id":"${ctx.id}","object":"chat.completion","created":${ctx.created},"model":"${ctx.model}","choices":[{"index":0,"message":{"role":"assistant","content":"`;
    if (!(await write(res, ctx, head))) return;
    const block = JSON.stringify(piece.repeat(64)).slice(1, -1);
    for (let sent = 0; sent < total; sent += block.length) if (!(await write(res, ctx, block))) return;
    return void res.end('"},"finish_reason":"stop"}]}');
  }
  res.writeHead(200, { "content-type": "text/event-stream" });
  const events = event(ctx, piece).repeat(64);
  for (let sent = 0; sent < total; sent += events.length) if (!(await write(res, ctx, events))) return;
  res.end("data: [DONE]\n\n");
}

/** After the headers, a word every `dripMs`, never ending (streamed: an event each). */
async function drip(res: ServerResponse, reply: ScriptedReply, ctx: ReplyContext): Promise<void> {
  res.writeHead(200, { "content-type": ctx.stream ? "text/event-stream" : "application/json" });
  if (!ctx.stream && !(await write(res, ctx, '{"choices":[{"message":{"content":"'))) return;
  for (;;) {
    await wait(reply.dripMs ?? 100);
    if (!(await write(res, ctx, ctx.stream ? event(ctx, "drip ") : "drip "))) return;
  }
}

/** 2 MB of lines that are not server-sent events (no `data:`, no blank line), then the end. */
async function invalid(res: ServerResponse, ctx: ReplyContext): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const lines = "<html>not an event stream</html>\n".repeat(1024);
  for (let sent = 0; sent < 2 * MB; sent += lines.length) if (!(await write(res, ctx, lines))) return;
  res.end();
}

export function sendHostile(res: ServerResponse, reply: ScriptedReply, ctx: ReplyContext): Promise<void> {
  if (reply.oversizedMb !== undefined) return oversized(res, reply, ctx);
  if (reply.dripMs !== undefined) return drip(res, reply, ctx);
  return invalid(res, ctx);
}
