import { CLI_CODES, type CliCode } from "./cli-codes.js";
import type { Logger } from "../log/logger.js";

/** How long past GATEWAY_STOP_TIMEOUT_MS a stop may take before the process is ended anyway. */
export const STOP_WATCHDOG_GRACE_MS = 5_000;
/** How long a finished stop waits for the process to end by itself before ending it. */
export const EXIT_AFTER_STOP_MS = 1_000;

export interface StopWatchdogDeps {
  logger: Logger;
  /** When to give up, from now (stopTimeoutMs + STOP_WATCHDOG_GRACE_MS). */
  deadlineMs: number;
  /** The parts of the stop not ended yet, named in the log line. */
  pending: () => string[];
  /** Ends the process (process.exit; tests pass a spy). */
  exit: (code: number) => void;
  /** What still keeps the process alive (process.getActiveResourcesInfo). */
  resources?: () => string[];
}

export interface StopWatchdog {
  /**
   * The stop ended: the process should end by itself now. If something still holds it (a socket
   * to a server that hangs, a timer), it is ended after EXIT_AFTER_STOP_MS with `code`.
   */
  stopped(code: number): void;
}

/**
 * The hard deadline of a stop, armed at the first SIGTERM or SIGINT: whatever is still pending
 * then (a hung disk, a server that never answers, an await nobody bounded) is logged with its
 * name and the process exits 1, so a service manager never waits past its stop timeout. Its
 * timers never keep the process alive themselves.
 */
export function armStopWatchdog(deps: StopWatchdogDeps): StopWatchdog {
  const resources = deps.resources ?? (() => process.getActiveResourcesInfo());
  const end = (code: number, level: "warn" | "error", fields: Record<string, unknown>, msg: string) => {
    deps.logger[level]({ ...fields, resources: countOf(resources()) }, msg);
    deps.logger.flush?.();
    deps.exit(code);
  };
  let timer = setTimeout(
    () =>
      end(
        1,
        "error",
        {
          code: "stop-deadline-passed" satisfies CliCode,
          pending: deps.pending(),
          deadlineMs: deps.deadlineMs,
          remedy: CLI_CODES["stop-deadline-passed"].remedy,
        },
        "the stop did not end in time; exiting",
      ),
    deps.deadlineMs,
  );
  timer.unref();
  return {
    stopped(code) {
      clearTimeout(timer);
      timer = setTimeout(
        () => end(code, "warn", {}, "stopped, but the process was still held open; exiting"),
        EXIT_AFTER_STOP_MS,
      );
      timer.unref();
    },
  };
}

/** How many of each kind of resource (TCPWrap, Timeout, FSReqCallback …). */
function countOf(names: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}
