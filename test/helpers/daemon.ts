import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../bin/wiki-gateway.js", import.meta.url));

export interface DaemonProcess {
  child: ChildProcess;
  /** Base URL of its health/metrics server. */
  httpUrl: string;
  /** Every log line so far (JSON parsed where possible). */
  logs(): string;
  logLines(): Array<Record<string, unknown>>;
  waitForLog(
    predicate: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

interface StartOptions {
  env: Record<string, string>;
  httpPort: number;
  args?: string[];
  waitHealthy?: boolean;
  timeoutMs?: number;
}

/**
 * Starts `wiki-gateway <args>` (the compiled CLI, as users run it) as a child process with the given
 * environment, and waits until its HTTP server answers /healthz (use the returned `httpUrl`). A
 * port found free by `freePort` can be taken by another process before the daemon binds it (two
 * suites on one machine): a start that fails with `http-listen-failed` is tried again, at most
 * twice, on a new free port.
 */
export async function startDaemon(options: StartOptions): Promise<DaemonProcess> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      const taken = error instanceof Error && /"code":"http-listen-failed"/.test(error.message);
      if (!taken || attempt >= 2 || options.waitHealthy === false) throw error;
      options = { ...options, httpPort: await freePort() };
    }
  }
}

async function startOnce(options: StartOptions): Promise<DaemonProcess> {
  const child = spawn(process.execPath, [BIN, ...(options.args ?? ["start"])], {
    env: {
      ...process.env,
      LOG_FORMAT: "json",
      LOG_LEVEL: "debug",
      ...options.env,
      GATEWAY_HTTP_PORT: String(options.httpPort),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const w of waiters) w();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? signal ?? -1));
  });
  const httpUrl = `http://127.0.0.1:${options.httpPort}`;
  const logLines = () =>
    output
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
  const daemon: DaemonProcess = {
    child,
    httpUrl,
    logs: () => output,
    logLines,
    exited,
    waitForLog(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = logLines().find(predicate);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`log line not seen within ${timeoutMs} ms; output:\n${output.slice(-4000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
  if (options.waitHealthy !== false) {
    const deadline = Date.now() + (options.timeoutMs ?? 20_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`daemon exited with ${child.exitCode}:\n${output}`);
      try {
        const res = await fetch(`${httpUrl}/healthz`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`daemon not healthy within the deadline:\n${output.slice(-4000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return daemon;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns a truthy value or the deadline passes. */
export async function eventually<T>(
  probe: () => Promise<T | undefined | null | false | 0 | ""> | T | undefined | null | false | 0 | "",
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ""}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A daemon's /readyz: the HTTP status and the body's checks. */
export async function readiness(httpUrl: string): Promise<{
  status: number;
  body: { ready: boolean; checks: Record<string, { ok: boolean; detail?: string }> };
}> {
  const res = await fetch(`${httpUrl}/readyz`);
  return { status: res.status, body: (await res.json()) as Awaited<ReturnType<typeof readiness>>["body"] };
}
