import type { IncomingMessage } from "node:http";
import { ApiError, badRequest } from "./errors.js";

/** Largest request body accepted (Bot API calls without files are small). */
const MAX_BODY = 2 * 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = MAX_BODY): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError(413, "Request Entity Too Large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A Bot API call's parameters, from the query string and the body (JSON or urlencoded), body
 * winning. Form and query values stay strings; the accessors below read both forms.
 */
export async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (req.method === "GET" || req.method === "HEAD") return params;
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith("multipart/")) {
    req.resume();
    throw badRequest(
      "multipart/form-data is not supported by the sandbox; send JSON or urlencoded parameters",
    );
  }
  const body = await readBody(req);
  if (body.trim() === "") return params;
  if (type.includes("json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
      throw badRequest("JSON object expected");
    return { ...params, ...(parsed as Record<string, unknown>) };
  }
  if (type.includes("x-www-form-urlencoded"))
    return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
  return params;
}

/** An integer parameter; undefined when absent; 400 when not an integer. */
export function intParam(params: Record<string, unknown>, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(`field "${name}" must be an integer`);
  return n;
}

export function boolParam(params: Record<string, unknown>, name: string): boolean {
  const value = params[name];
  return value === true || value === "true" || value === 1 || value === "1";
}

/** An object or array parameter, given as JSON or as a JSON-encoded string. */
export function jsonParam(params: Record<string, unknown>, name: string): unknown {
  const value = params[name];
  if (typeof value !== "string") return value ?? undefined;
  if (value === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`can't parse ${name} JSON object`);
  }
}
