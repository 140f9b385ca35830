import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, it } from "vitest";
import { canMount } from "../reliability/mounts.js";

/**
 * Machine features that some tests need and a fresh machine may lack. `npm test` runs those tests
 * when the feature is there; otherwise each file reports one skipped test whose name says what was
 * not run and how to run it (and the global setup prints the same lines). Under `CI=true` they are
 * required: a missing feature fails them, never a silent skip.
 */
export interface Need {
  /** What is missing, as a user reads it: "Chromium (/usr/bin/chromium)". */
  what: string;
  available: () => boolean;
  /** How to get it, one line. */
  install: string;
}

export const CHROMIUM_PATH = "/usr/bin/chromium";

export const NEEDS = {
  chromium: {
    what: `Chromium (${CHROMIUM_PATH})`,
    available: () => existsSync(CHROMIUM_PATH),
    install: "apt-get update && apt-get install -y chromium fonts-noto-color-emoji",
  },
  zsh: {
    what: "zsh",
    available: () => spawnSync("zsh", ["--version"]).status === 0,
    install: "apt-get update && apt-get install -y zsh",
  },
  redis: {
    what: "Redis (redis-server)",
    available: () => spawnSync("redis-server", ["--version"]).status === 0,
    install: "apt-get update && apt-get install -y redis-server",
  },
  promtool: {
    what: "promtool (Debian's prometheus package)",
    available: () => spawnSync("promtool", ["--version"]).status === 0,
    install: "apt-get update && apt-get install -y prometheus",
  },
  mount: {
    what: "mount(2) permission (root, tmpfs)",
    available: canMount,
    install: "run as root in a container that may mount tmpfs (the CI container)",
  },
} satisfies Record<string, Need>;

export type NeedName = keyof typeof NEEDS;

/** CI=true (or 1): tests that need a missing feature fail instead of being skipped. */
export function requiredHere(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === "true" || env.CI === "1";
}

/** The one line that says what was not run and how to run it. */
export function notRunLine(need: Need, title: string): string {
  return `not run: "${title}" needs ${need.what}; to run it: ${need.install}, or run everything with \`bash .ci/run\``;
}

/**
 * `describe(title, body)` when `need` is met. Otherwise one test in its place: skipped, named with
 * notRunLine; or, when requiredHere(), failing with the same line.
 */
export function describeWhere(name: NeedName, title: string, body: () => void): void {
  const need: Need = NEEDS[name];
  if (need.available()) {
    describe(title, body);
    return;
  }
  const line = notRunLine(need, title);
  describe(title, () => {
    if (requiredHere()) {
      it(`required under CI=true: ${need.what}`, () => {
        throw new Error(`${need.what} is missing and CI=true requires it: ${need.install}`);
      });
    } else {
      it.skip(line, () => {});
    }
  });
}
