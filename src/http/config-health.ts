import type { Readiness } from "./server.js";

/** How the last reload of gateway.json since start ended. */
export interface ReloadOutcome {
  /** ISO-8601. */
  at: string;
  /** What asked for it: "SIGHUP", "file changed", … */
  trigger: string;
  outcome: "applied" | "refused";
  /** A refused file's problems, each with its fix; empty when applied. */
  problems: string[];
}

/** The configuration in force: when it was applied, and how the last reload ended (none yet: undefined). */
export interface ConfigHealth {
  /** ISO-8601; undefined before gateway.json was first applied. */
  appliedAt: string | undefined;
  lastReload: ReloadOutcome | undefined;
}

/**
 * /readyz's `config` check. Not ready only before gateway.json was first applied. A refused reload
 * keeps the check ready, since the gateway still serves with the configuration before it, but its
 * detail says so: the file on disk is not the one running, and the next restart would refuse it.
 */
export function configCheck(loaded: boolean, health: ConfigHealth | undefined): Readiness["checks"][string] {
  if (!loaded) return { ok: false, detail: "gateway.json not loaded" };
  const last = health?.lastReload;
  if (last?.outcome !== "refused") return { ok: true };
  return {
    ok: true,
    detail:
      `gateway.json on disk was refused at ${last.at} (${last.problems.length} problem(s), listed in /status); ` +
      `the configuration applied at ${health?.appliedAt ?? "start"} keeps running: fix the file, then save it again or send SIGHUP`,
  };
}
