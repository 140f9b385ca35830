import { readFile, stat } from "node:fs/promises";
import { WikiError } from "./wiki-error.js";

export interface WikiToken {
  token: string;
  /** From the JWT's `exp`, when present. */
  expiresAt?: Date;
  warnings: string[];
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * Reads the wiki API key from a file (never from the command line or gateway.json): trimmed,
 * checked to be a whole JWT, its `exp` decoded. An expired key is an error before any request;
 * a file readable by group or others is a warning. Contract: the token never appears in an error.
 */
export async function readWikiToken(path: string, now: Date = new Date()): Promise<WikiToken> {
  if (path === "")
    throw new WikiError("wiki-token-missing", "no wiki token file is configured (WIKI_TOKEN_FILE)");
  let text: string;
  let mode: number;
  try {
    text = await readFile(path, "utf8");
    mode = (await stat(path)).mode;
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    throw new WikiError(
      "wiki-token-missing",
      `the wiki token file ${path} cannot be read (${code ?? "error"})`,
      { cause },
    );
  }
  return checkWikiToken(text, path, now, mode);
}

export function checkWikiToken(text: string, path: string, now: Date, mode = 0o600): WikiToken {
  const token = text.trim();
  if (token === "") throw new WikiError("wiki-token-missing", `the wiki token file ${path} is empty`);
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p)) || !token.startsWith("eyJ")) {
    throw new WikiError(
      "wiki-token-malformed",
      `the wiki token in ${path} is not a whole JWT (${token.length} characters, ${parts.length} part(s))`,
    );
  }
  let payload: { exp?: unknown };
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as { exp?: unknown };
  } catch {
    throw new WikiError(
      "wiki-token-malformed",
      `the wiki token in ${path} has an unreadable payload (truncated?)`,
    );
  }
  const warnings: string[] = [];
  if ((mode & 0o077) !== 0) {
    warnings.push(
      `the wiki token file ${path} is readable by group or others (mode ${(mode & 0o777).toString(8)}); chmod 600 it`,
    );
  }
  const result: WikiToken = { token, warnings };
  if (typeof payload.exp === "number") {
    result.expiresAt = new Date(payload.exp * 1000);
    if (result.expiresAt.getTime() <= now.getTime()) {
      throw new WikiError(
        "wiki-token-expired",
        `the wiki API key in ${path} expired on ${result.expiresAt.toISOString()}`,
      );
    }
  }
  return result;
}

/**
 * The current token, re-read when the file changes (mtime or size), so a key replaced on disk is
 * used without a restart. Checks the file at most once per `checkEveryMs`.
 */
export function createTokenSource(path: string, checkEveryMs = 1000) {
  let cached: { token: WikiToken; mtimeMs: number; size: number } | undefined;
  let checkedAt = 0;
  return {
    async get(): Promise<WikiToken> {
      const now = Date.now();
      if (cached && now - checkedAt < checkEveryMs) return ensureValid(cached.token, path);
      checkedAt = now;
      let info;
      try {
        info = await stat(path);
      } catch (cause) {
        cached = undefined;
        throw new WikiError("wiki-token-missing", `the wiki token file ${path} cannot be read`, { cause });
      }
      if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
        cached = { token: await readWikiToken(path), mtimeMs: info.mtimeMs, size: info.size };
      }
      return ensureValid(cached.token, path);
    },
  };
}

function ensureValid(token: WikiToken, path: string): WikiToken {
  if (token.expiresAt && token.expiresAt.getTime() <= Date.now()) {
    throw new WikiError(
      "wiki-token-expired",
      `the wiki API key in ${path} expired on ${token.expiresAt.toISOString()}`,
    );
  }
  return token;
}
