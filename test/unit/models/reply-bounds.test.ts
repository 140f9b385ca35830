import { createServer, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxModel, type ScriptedReply } from "../../../packages/sandbox/src/model/index.js";
import { createModelClient, type ModelCall } from "../../../src/models/model-client.js";
import { MODEL_DEFAULTS, type ModelSettings } from "../../../src/models/model-settings.js";
import { replyBounds } from "../../../src/models/reply-bounds.js";

/**
 * A model server that ignores max_tokens: it writes `megabytes` of text, whole or as a stream
 * (the route names how), or answers slower than any timeout. It counts its open connections.
 */
const sockets = new Set<Socket>();
let writtenBytes = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => void answer(new URL(req.url ?? "/", "http://m").pathname, res));
});
server.on("connection", (socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
});

const MB = "tar extract archive ".repeat(52_429); // about 1 MB

async function write(res: ServerResponse, text: string): Promise<boolean> {
  if (res.destroyed) return false;
  writtenBytes += text.length;
  if (!res.write(text)) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
  return !res.destroyed;
}

async function answer(path: string, res: ServerResponse): Promise<void> {
  if (path.startsWith("/slow")) return void setTimeout(() => res.destroyed || res.end("{}"), 5_000);
  if (path.startsWith("/whole-declared")) {
    res.writeHead(200, { "content-type": "application/json", "content-length": 50 * 2 ** 20 });
    return void (await write(res, '{"choices":[{"message":{"content":"'));
  }
  if (path.startsWith("/whole")) {
    res.writeHead(200, { "content-type": "application/json" });
    await write(res, '{"choices":[{"message":{"content":"');
    for (let i = 0; i < 50; i++) if (!(await write(res, MB))) return;
    return void res.end('"}}]}');
  }
  res.writeHead(200, { "content-type": "text/event-stream" });
  const line = path.startsWith("/one-line");
  const event = `data: ${JSON.stringify({ choices: [{ delta: { content: "tar extract archive ".repeat(50) } }] })}\n\n`;
  if (line) await write(res, 'data: {"choices":[{"delta":{"content":"');
  for (let i = 0; i < 50 * 1024; i++) if (!(await write(res, line ? MB.slice(0, 1024) : event))) return;
  res.end("data: [DONE]\n\n");
}

let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

function settings(root: string, overrides: Partial<ModelSettings> = {}): ModelSettings {
  return {
    name: "main",
    baseUrl: `${root}/v1`,
    model: "m1",
    apiKey: undefined,
    ...MODEL_DEFAULTS,
    timeoutMs: 10_000,
    dailyTokenBudget: undefined,
    ...overrides,
  };
}

const client = (path: string, overrides: Partial<ModelSettings> = {}) =>
  createModelClient({ settings: settings(`${base}/${path}`, overrides) });

const call = (extra: Partial<ModelCall> = {}): ModelCall => ({
  purpose: "rewrite",
  agent: "a1",
  account: "bot1",
  messages: [{ role: "user", content: "tar extract" }],
  ...extra,
});

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code ?? String(e),
  );

/** The server's open connections, once the client's closing has reached it. */
async function openConnections(): Promise<number> {
  for (let i = 0; i < 50 && sockets.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
  return sockets.size;
}

describe("a reply longer than maxOutputTokens allows is given up, its connection closed", () => {
  it.each([
    ["whole", {}],
    ["whole-declared", {}],
    ["streamed", { onText: () => {} }],
    ["one-line", { onText: () => {} }],
  ] as const)("%s: model-reply-too-long after reading little more than the bound", async (path, extra) => {
    writtenBytes = 0;
    const started = performance.now();
    expect(await codeOf(client(path).complete(call(extra)))).toBe("model-reply-too-long");
    expect(performance.now() - started).toBeLessThan(5_000);
    // Of 50 MB, the server could write its bound and what the socket buffers held, not the rest.
    expect(writtenBytes).toBeLessThan(replyBounds(MODEL_DEFAULTS.maxOutputTokens).streamBytes + 8 * 2 ** 20);
    expect(await openConnections()).toBe(0);
  });

  it("the bounds grow with maxOutputTokens, with room for thinking and for scripts of many bytes a character", () => {
    const small = replyBounds(400);
    expect(small.textChars).toBeGreaterThanOrEqual(400 * 16);
    expect(small.bodyBytes).toBeGreaterThanOrEqual(small.textChars * 4);
    expect(replyBounds(4000).bodyBytes).toBeGreaterThan(small.bodyBytes * 5);
  });
});

describe("an aborted call frees its call slot and its socket", () => {
  it("a server slower than the timeout holds no slot after it, and its connections are closed", async () => {
    const c = client("slow", { timeoutMs: 200, concurrency: 2, queueLimit: 4 });
    const started = performance.now();
    const codes = await Promise.all(Array.from({ length: 6 }, () => codeOf(c.complete(call()))));
    // Six calls, two at a time, each given up with the one timeout: none waits for the server.
    expect(codes).toEqual(Array(6).fill("model-timeout"));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(c.state()).toMatchObject({ active: 0, waiting: 0 });
    expect(await openConnections()).toBe(0);
  });

  it("a call cancelled by its asker frees its slot for the next at once", async () => {
    const c = client("slow", { timeoutMs: 10_000, concurrency: 1, queueLimit: 4 });
    const stop = new AbortController();
    const first = codeOf(c.complete(call({ signal: stop.signal })));
    await new Promise((r) => setTimeout(r, 50));
    expect(c.state().active).toBe(1);
    stop.abort();
    expect(await first).toBe("model-cancelled");
    expect(c.state()).toMatchObject({ active: 0, waiting: 0 });
    expect(await openConnections()).toBe(0);
  });
});

describe("the model stand-in's hostile modes, against the client", () => {
  const standIn = createSandboxModel({ models: ["m1"] });
  let url = "";
  beforeAll(async () => {
    url = await standIn.listen();
  });
  afterAll(() => standIn.close());
  const hostile = (reply: ScriptedReply, extra: Partial<ModelCall> = {}) => {
    standIn.script(reply);
    const c = createModelClient({
      settings: { ...settings(`${url.replace(/\/v1$/, "")}`), timeoutMs: 500 },
    });
    return codeOf(c.complete(call(extra)));
  };

  it.each([
    ["50 MB whole", { oversizedMb: 50 }, {}, "model-reply-too-long"],
    ["50 MB streamed", { oversizedMb: 50 }, { onText: () => {} }, "model-reply-too-long"],
    ["an endless drip, whole", { dripMs: 20 }, {}, "model-timeout"],
    ["an endless drip, streamed", { dripMs: 20 }, { onText: () => {} }, "model-timeout"],
    ["an invalid stream", { invalidStream: true }, { onText: () => {} }, "model-malformed-reply"],
    ["a huge usage", { content: "tar", usage: { prompt_tokens: 1e308, completion_tokens: 1e308 } }, {}, "ok"],
  ] as const)("%s: %s", async (_, reply, extra, code) => {
    expect(await hostile(reply, extra)).toBe(code);
  });
});
