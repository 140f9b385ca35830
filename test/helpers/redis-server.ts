import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./daemon.js";

/** Debian's Redis server binary (`apt-get install redis-server`). */
export const REDIS_SERVER = "redis-server";

/** True when `redis-server` can be started here. */
export function redisServerAvailable(): boolean {
  return spawnSync(REDIS_SERVER, ["--version"]).status === 0;
}

export interface RedisServer {
  /** `redis://127.0.0.1:<port>`, with the password when one was asked for. */
  url: string;
  port: number;
  /** Its data directory (RDB/AOF files when persistence is on). */
  dir: string;
  /** Stops the server (SIGTERM, waits for the exit). The port and directory are kept for start(). */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory (after stop()). */
  start(): Promise<void>;
  /** SIGSTOP: the server keeps its socket but answers nothing (a hung or partitioned Redis). */
  freeze(): void;
  /** SIGCONT after freeze(). */
  thaw(): void;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
}

export interface RedisServerOptions {
  /** `requirepass`; the url then carries it. */
  password?: string;
  /** AOF persistence (`appendonly yes`); off by default, as in tests nothing must survive the run. */
  appendOnly?: boolean;
}

/**
 * Starts a real Redis server on a free port of 127.0.0.1 with its own temporary directory, and
 * waits until it answers PING. Tests call close() in afterAll.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "wg-redis-"));
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--save",
    "",
    "--appendonly",
    options.appendOnly === true ? "yes" : "no",
    "--daemonize",
    "no",
    "--logfile",
    "",
    "--loglevel",
    "warning",
    ...(options.password === undefined ? [] : ["--requirepass", options.password]),
  ];
  const start = async (): Promise<void> => {
    const proc = spawn(REDIS_SERVER, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    proc.stderr!.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    exited = new Promise((resolve) => proc.once("exit", () => resolve()));
    child = proc;
    await waitForPong(port, options.password, () => stderr);
  };
  const stop = async (): Promise<void> => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGCONT");
    child.kill("SIGTERM");
    await exited;
  };
  await start();
  const auth = options.password === undefined ? "" : `:${encodeURIComponent(options.password)}@`;
  return {
    url: `redis://${auth}127.0.0.1:${port}`,
    port,
    dir,
    stop,
    start,
    freeze: () => child?.kill("SIGSTOP"),
    thaw: () => child?.kill("SIGCONT"),
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Sends PING (after AUTH) over a raw socket until +PONG comes back, for up to 10 s. */
async function waitForPong(port: number, password: string | undefined, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (await pongOnce(port, password)) return;
    if (Date.now() > deadline)
      throw new Error(`redis-server on port ${port} did not answer PING: ${stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function pongOnce(port: number, password: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let reply = "";
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => {
      socket.write(password === undefined ? "PING\r\n" : `AUTH ${password}\r\nPING\r\n`);
    });
    socket.on("data", (c: Buffer) => {
      reply += c.toString("utf8");
      if (reply.includes("+PONG")) done(true);
      else if (reply.includes("-")) done(false);
    });
  });
}
