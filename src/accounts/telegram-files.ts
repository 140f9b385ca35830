import { type Api, GrammyError } from "grammy";
import type { FileRead, ReadFile } from "../core/media-file.js";
import type { Logger } from "../log/logger.js";
import type { AccountCode } from "./account-codes.js";

/** Telegram's public Bot API, where grammY goes without an `apiRoot`. */
const DEFAULT_API_ROOT = "https://api.telegram.org";

export interface FileReaderDeps {
  api: Api;
  log: Logger;
  fetch?: typeof fetch;
}

/**
 * The account's ReadFile (core/media-file.ts): getFile, then `{apiRoot}/file/bot<token>/<file_path>`
 * streamed and cut at `maxBytes`. That URL holds the bot's token: it is made here, used for the one
 * request, and never logged nor put in an error (a failure is logged with its status or error code).
 */
export function createFileReader(deps: FileReaderDeps): ReadFile {
  const fetchFn = deps.fetch ?? fetch;
  const root = (deps.api.options?.apiRoot ?? DEFAULT_API_ROOT).replace(/\/+$/, "");
  const failed = (fields: Record<string, unknown>): FileRead => {
    deps.log.warn(
      { code: "telegram-file-failed" satisfies AccountCode, ...fields },
      "a file of a message could not be read",
    );
    return { ok: false, reason: "failed" };
  };
  return async (file, { maxBytes, signal }) => {
    if (file.bytes !== undefined && file.bytes > maxBytes) return { ok: false, reason: "too-large" };
    let path: string | undefined;
    try {
      // grammY types its signal as abort-controller's, the same object at run time.
      const found = await deps.api.getFile(file.fileId, signal as Parameters<Api["getFile"]>[1]);
      if (found.file_size !== undefined && found.file_size > maxBytes)
        return { ok: false, reason: "too-large" };
      path = found.file_path;
    } catch (error) {
      if (error instanceof GrammyError && /too big/i.test(error.description))
        return { ok: false, reason: "too-large" };
      return failed({ step: "getFile", reason: describe(error) });
    }
    if (path === undefined || path === "") return failed({ step: "getFile", reason: "no file_path" });
    const url = `${root}/file/bot${deps.api.token}/${path.split("/").map(encodeURIComponent).join("/")}`;
    try {
      const response = await fetchFn(url, signal ? { signal } : {});
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        return failed({ step: "download", status: response.status });
      }
      return await readCapped(response.body, maxBytes);
    } catch (error) {
      return failed({ step: "download", reason: describe(error) });
    }
  };
}

/** The body's bytes, or "too-large" as soon as more than `maxBytes` came (the rest is not read). */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<FileRead> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: "too-large" };
    }
    parts.push(value);
  }
  return { ok: true, bytes: Buffer.concat(parts, size) };
}

/** What failed, without a URL: a Telegram description, or the error's name and system code. */
function describe(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code} ${error.description}`;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === "string" ? ` (${cause.code})` : "";
  return `${(error as Error | undefined)?.name ?? "Error"}${code}`;
}
