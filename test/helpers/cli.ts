import type { CliIo } from "../../src/cli/command.js";

/** A CliIo that records what a command printed. */
export function captureIo(
  env: Record<string, string | undefined> = {},
): CliIo & { stdout: () => string; stderr: () => string } {
  let out = "";
  let err = "";
  return {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    env,
    isTty: false,
    stdout: () => out,
    stderr: () => err,
  };
}
