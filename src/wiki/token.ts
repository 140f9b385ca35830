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

/** The checks of `readWikiToken` on text already read (`mode`: the file's mode bits). */
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
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8"));
  } catch {
    payload = undefined;
  }
  if (typeof payload !== "object" || payload === null) {
    throw new WikiError(
      "wiki-token-malformed",
      `the wiki token in ${path} has an unreadable payload (truncated?)`,
    );
  }
  const { exp } = payload as { exp?: unknown };
  const warnings: string[] = [];
  if ((mode & 0o044) !== 0) {
    warnings.push(
      `the wiki token file ${path} is readable by group or others (mode ${(mode & 0o777).toString(8)}); chmod 600 it`,
    );
  }
  const result: WikiToken = { token, warnings };
  if (typeof exp === "number") result.expiresAt = new Date(exp * 1000);
  return ensureNotExpired(result, path, now);
}

export interface TokenSource {
  /** The current, checked token; re-read first when the file changed. */
  get(): Promise<WikiToken>;
}

/**
 * The current token, re-read when the file changes (mtime, size or inode: an edit in place and a
 * replacement by rename are both seen), so a key replaced on disk is used without a restart. The
 * file is stat-ed at most once per `checkEveryMs` (0: before every request; a stat costs
 * microseconds); concurrent callers share one read. An expired key fails before any request.
 */
export function createTokenSource(
  path: string,
  options: {
    checkEveryMs?: number;
    /** Wall-clock milliseconds (tests drive it). */ now?: () => number;
  } = {},
): TokenSource {
  const checkEveryMs = options.checkEveryMs ?? 0;
  const now = options.now ?? Date.now;
  let cached: { token: WikiToken; mtimeMs: number; size: number; ino: number } | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<WikiToken> | undefined;

  async function refresh(): Promise<WikiToken> {
    let info;
    try {
      info = await stat(path);
    } catch (cause) {
      cached = undefined;
      if (path === "") return readWikiToken(path, new Date(now()));
      const code = (cause as NodeJS.ErrnoException).code ?? "error";
      throw new WikiError("wiki-token-missing", `the wiki token file ${path} cannot be read (${code})`, {
        cause,
      });
    }
    if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size || cached.ino !== info.ino) {
      cached = undefined;
      const token = await readWikiToken(path, new Date(now()));
      cached = { token, mtimeMs: info.mtimeMs, size: info.size, ino: info.ino };
    }
    checkedAt = now();
    return ensureNotExpired(cached.token, path, new Date(now()));
  }

  return {
    get(): Promise<WikiToken> {
      if (cached && now() - checkedAt < checkEveryMs) {
        return Promise.resolve().then(() => ensureNotExpired(cached!.token, path, new Date(now())));
      }
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}

/** The one expiry check: a key past its `exp` fails with `wiki-token-expired` before any request. */
function ensureNotExpired(token: WikiToken, path: string, now: Date): WikiToken {
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) {
    throw new WikiError(
      "wiki-token-expired",
      `the wiki API key in ${path} expired on ${token.expiresAt.toISOString()}`,
    );
  }
  return token;
}
