import type { ConfigCode } from "./config-codes.js";
import { GatewayError } from "../errors.js";

/** One thing wrong with gateway.json: where (a JSON path), what, and what to change. */
export interface ConfigProblem {
  path: string;
  message: string;
  fix: string;
}

/**
 * gateway.json cannot be used. Carries every problem found, not only the first, so an operator
 * fixes the file in one pass. Codes: `config-invalid`, `config-missing`, `config-unreadable`,
 * `config-json-syntax`.
 */
export class ConfigError extends GatewayError<ConfigCode> {
  readonly problems: readonly ConfigProblem[];

  constructor(
    code: ConfigCode,
    message: string,
    remedy: string,
    problems: readonly ConfigProblem[] = [],
    options?: { cause?: unknown },
  ) {
    super(code, message, remedy, options);
    this.problems = problems;
  }

  override describe(): string {
    if (this.problems.length === 0) return super.describe();
    const lines = this.problems.map((p) => `  - ${p.path}: ${p.message}\n    fix: ${p.fix}`);
    return `${this.message}\n${lines.join("\n")}`;
  }
}

/** Formats a path array the way people read it: `accounts.vera.allowFrom[2]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else {
      const key = String(part);
      out += /^[A-Za-z_$][\w$]*$/.test(key) ? (out ? `.${key}` : key) : `[${JSON.stringify(key)}]`;
    }
  }
  return out || "(root)";
}

/** The known key nearest to `key` by edit distance, when it is close enough to be a typo. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const d = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}
