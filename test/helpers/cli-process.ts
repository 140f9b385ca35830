import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
export const BIN = fileURLToPath(new URL("../../bin/wiki-gateway.js", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `wiki-gateway <args>` (the built CLI) as its own process with `env` added, `nodeArgs` given
 * to Node; never rejects.
 */
export function runCliProcess(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
  nodeArgs: string[] = [],
): Promise<CliResult> {
  return run(process.execPath, [...nodeArgs, BIN, ...args], {
    env: { ...process.env, ...env },
    timeout: timeoutMs,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof e.code === "number" ? e.code : -1,
      stdout: e.stdout ?? "",
      stderr: e.stderr ?? "",
    }),
  );
}
