import { sendPadded } from "../padded-answer.js";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { findMethod } from "./bot-api.js";
import { ApiError, notFound, unauthorized } from "./errors.js";
import { readParams } from "./params.js";
import type { World } from "./world.js";

export type ControlHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

export interface SandboxHttp {
  listen(port: number, host: string): Promise<{ port: number }>;
  /** Destroys idle sockets and sockets serving Bot API calls (an outage); control calls keep going. */
  dropBotSockets(): void;
  close(): Promise<void>;
}

const BOT_PATH = /^\/bot([^/]+)\/([A-Za-z0-9_]+)\/?$/;
const FILE_PATH = /^\/file\/bot([^/]+)\/(.+)$/;

export function writeJson(res: ServerResponse, status: number, body: unknown, drop = false): boolean {
  if (res.destroyed || res.writableEnded) return false;
  const data = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(data) });
  if (!drop) {
    res.end(data);
    return true;
  }
  res.write(data.slice(0, data.length >> 1), () => res.destroy());
  return false;
}

/** Resolves after `ms`, or at once when the signal aborts. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * The sandbox's HTTP side on node:http: `/bot<TOKEN>/<method>` for the Bot API, `/__sandbox/...` for
 * the control API. Each Bot API call goes: outage → token (401) → faults (delay, injected error,
 * dropped connection) → the method → `{ok, result}` or `{ok:false, error_code, description, parameters?}`,
 * and is logged in the call log with the status answered.
 */
export function createSandboxHttp(world: World, control: ControlHandler): SandboxHttp {
  const sockets = new Set<Socket>();
  const inflight = new Map<Socket, number>();
  const botSockets = new Set<Socket>();
  /** One per Bot API call in progress; aborted when its client goes away or the sandbox closes. */
  const active = new Set<AbortController>();

  async function botCall(req: IncomingMessage, res: ServerResponse, url: URL, token: string, name: string) {
    const socket = req.socket;
    if (world.faults.isDown()) return void socket.destroy();
    botSockets.add(socket);
    const gone = new AbortController();
    active.add(gone);
    res.on("close", () => {
      active.delete(gone);
      if (!res.writableFinished) gone.abort();
    });
    const bot = world.registry.botByToken(token);
    const state = bot ? world.botState(bot.username) : undefined;
    let params: Record<string, unknown> = {};
    let status = 200;
    let body: unknown;
    let drop = false;
    let padBytes = 0;
    let badParams: unknown;
    try {
      params = await readParams(req, url);
    } catch (error) {
      badParams = error;
    }
    try {
      if (!state || world.faults.isRevoked(state.key)) throw unauthorized();
      const plan = world.faults.plan(state.key, name);
      drop = plan.drop;
      padBytes = plan.padBytes;
      if (plan.delayMs > 0) await delay(plan.delayMs, gone.signal);
      if (world.faults.isDown()) return void socket.destroy();
      if (plan.error) throw plan.error;
      if (badParams) throw badParams;
      const method = findMethod(name);
      if (!method) throw notFound();
      body = { ok: true, result: await method(world, { state, params, signal: gone.signal }) };
    } catch (error) {
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(500, `Internal Server Error: ${(error as Error).message}`);
      status = apiError.status;
      body = apiError.body();
    }
    const answered =
      !world.faults.isDown() &&
      (padBytes > 0
        ? (sendPadded(res, status, JSON.stringify(body), padBytes), true)
        : writeJson(res, status, body, drop));
    if (world.faults.isDown()) socket.destroy();
    world.calls.append({
      bot: bot?.username ?? "",
      method: name,
      params,
      status: answered ? status : 0,
      at: world.now(),
    });
  }

  /**
   * `GET /file/bot<token>/<file_path>`: a file's bytes, as Telegram's file server sends them;
   * 401 for a token it does not know, 404 for a path getFile never gave. Faults planned for the
   * method "file" (failNext, slow, serverErrors, down) apply to it.
   */
  async function download(req: IncomingMessage, res: ServerResponse, token: string, path: string) {
    if (world.faults.isDown()) return void req.socket.destroy();
    const bot = world.registry.botByToken(token);
    if (!bot || world.faults.isRevoked(world.botState(bot.username).key))
      return void writeJson(res, 401, unauthorized().body());
    const plan = world.faults.plan(world.botState(bot.username).key, "file");
    const gone = new AbortController();
    res.on("close", () => gone.abort());
    if (plan.delayMs > 0) await delay(plan.delayMs, gone.signal);
    if (plan.error) return void writeJson(res, plan.error.status, plan.error.body());
    const stored = world.files.byPath(path);
    if (!stored) return void writeJson(res, 404, notFound().body());
    world.files.noteDownload(path);
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": stored.bytes.length });
    res.end(stored.bytes);
  }

  const server = createServer((req, res) => {
    const socket = req.socket;
    inflight.set(socket, (inflight.get(socket) ?? 0) + 1);
    res.on("close", () => {
      inflight.set(socket, (inflight.get(socket) ?? 1) - 1);
      botSockets.delete(socket);
    });
    const url = new URL(req.url ?? "/", "http://sandbox");
    const match = BOT_PATH.exec(url.pathname);
    const file = FILE_PATH.exec(url.pathname);
    const task = url.pathname.startsWith("/__sandbox/")
      ? control(req, res, url)
      : match
        ? botCall(req, res, url, decodeURIComponent(match[1]!), match[2]!)
        : file
          ? download(req, res, decodeURIComponent(file[1]!), decodeURIComponent(file[2]!))
          : Promise.resolve(void writeJson(res, 404, notFound().body()));
    task.catch((error: unknown) => {
      writeJson(res, 500, {
        ok: false,
        error_code: 500,
        description: `Internal Server Error: ${String(error)}`,
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  server.requestTimeout = 0;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      inflight.delete(socket);
      botSockets.delete(socket);
    });
  });

  return {
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          const address = server.address();
          resolve({ port: typeof address === "object" && address ? address.port : port });
        });
      });
    },
    dropBotSockets() {
      for (const socket of sockets) if (!inflight.get(socket) || botSockets.has(socket)) socket.destroy();
    },
    async close() {
      for (const call of [...active]) call.abort();
      // Let answers to ended long polls reach their sockets, then cut every connection.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
