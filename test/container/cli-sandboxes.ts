import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ROOT } from "./podman.js";

/** A `wiki-gateway sandbox ...` child process started from the host's dist/. */
export interface CliSandbox {
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves when it has exited. Idempotent. */
  stop(): Promise<void>;
}

const CLI = resolve(ROOT, "bin/wiki-gateway.js");
const URL_PATTERN = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+[^\s"'<>),]*/g;

/** The loopback URLs a sandbox printed, in order. */
export function printedUrls(output: string): URL[] {
  return [...output.matchAll(URL_PATTERN)].map((m) => new URL(m[0]));
}

/**
 * Starts `node bin/wiki-gateway.js ARGS` and waits until `ready(output)` returns a value, which it
 * resolves with. Rejects with the output when the process exits first or `timeoutMs` passes.
 */
export function startCliSandbox<T>(
  args: readonly string[],
  ready: (output: string) => T | undefined,
  timeoutMs = 30_000,
): Promise<{ sandbox: CliSandbox; value: T }> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise<void>((r) => child.once("close", () => r()));
  const sandbox: CliSandbox = {
    output: () => output,
    stop: () => stopChild(child, exited),
  };
  return new Promise((resolvePromise, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void sandbox.stop();
      reject(new Error(`wiki-gateway ${args.join(" ")} ${why}; it printed:\n${output.slice(-3000)}`));
    };
    const timer = setTimeout(() => fail(`was not ready within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      let value: T | undefined;
      try {
        value = ready(output);
      } catch {
        value = undefined;
      }
      if (value !== undefined) {
        clearTimeout(timer);
        resolvePromise({ sandbox, value });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("error", (error) => fail(`could not start (${error.message})`));
    child.once("exit", (code, signal) => fail(`exited (${code ?? signal}) before it was ready`));
  });
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

/** `sandbox telegram --port 0`: ready once it printed a loopback URL; resolves its API root (origin). */
export function startTelegramSandbox() {
  return startCliSandbox(["sandbox", "telegram", "--port", "0"], (out) => printedUrls(out)[0]?.origin);
}

/**
 * `sandbox wiki --port 0 --data DIR --token-file FILE --seed-dir DIR` (Markdown files become pages): ready once it printed its GraphQL (or base)
 * URL and the token file holds the API key; resolves the base URL (WIKI_URL, without /graphql).
 */
export function startWikiSandbox(dataDir: string, tokenFile: string, seedDir: string) {
  return startCliSandbox(
    ["sandbox", "wiki", "--port", "0", "--data", dataDir, "--token-file", tokenFile, "--seed-dir", seedDir],
    (out) => {
      const urls = printedUrls(out);
      const url = urls.find((u) => u.pathname.replace(/\/$/, "").endsWith("/graphql")) ?? urls[0];
      if (!url || !existsSync(tokenFile) || readFileSync(tokenFile, "utf8").trim() === "") return undefined;
      return `${url.origin}${url.pathname.replace(/\/$/, "").replace(/\/graphql$/, "")}`;
    },
  );
}
