import { GrammyError, type Api } from "grammy";
import { describe, expect, it } from "vitest";
import { createFileReader } from "../../../src/accounts/telegram-files.js";
import { memoryLogger } from "../../helpers/memory-logger.js";

const TOKEN = "123456:ABCdefGhIJKlmnoPQRstuVWXyz0123456789";

function reader(o: {
  getFile?: () => Promise<unknown>;
  body?: Uint8Array[];
  status?: number;
  throws?: boolean;
}) {
  const urls: string[] = [];
  const api = {
    token: TOKEN,
    options: { apiRoot: "http://127.0.0.1:1" },
    getFile:
      o.getFile ??
      (async () => ({ file_id: "f", file_unique_id: "u", file_size: 6, file_path: "voice/file 1.oga" })),
  } as unknown as Api;
  const fetchFn = (async (url: string) => {
    urls.push(url);
    if (o.throws) throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } });
    const parts = o.body ?? [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5, 6])];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    return new Response(stream, { status: o.status ?? 200 });
  }) as typeof fetch;
  const { log, text } = memoryLogger();
  return { read: createFileReader({ api, log, fetch: fetchFn }), urls, logText: text };
}

describe("telegram-files: getFile, then the download with a size cap", () => {
  it("downloads {apiRoot}/file/bot<token>/<file_path>", async () => {
    const r = reader({});
    expect(await r.read({ fileId: "f" }, { maxBytes: 100 })).toEqual({
      ok: true,
      bytes: Buffer.from([1, 2, 3, 4, 5, 6]),
    });
    expect(r.urls).toEqual([`http://127.0.0.1:1/file/bot${TOKEN}/voice/file%201.oga`]);
  });

  it("refuses a file too large by Telegram's word, by getFile's, or while it streams", async () => {
    const byMessage = reader({});
    expect(await byMessage.read({ fileId: "f", bytes: 500 }, { maxBytes: 100 })).toEqual({
      ok: false,
      reason: "too-large",
    });
    expect(byMessage.urls).toEqual([]);
    const byGetFile = reader({
      getFile: async () => ({ file_id: "f", file_unique_id: "u", file_size: 500, file_path: "a" }),
    });
    expect(await byGetFile.read({ fileId: "f" }, { maxBytes: 100 })).toEqual({
      ok: false,
      reason: "too-large",
    });
    const tooBig = reader({
      getFile: () =>
        Promise.reject(
          new GrammyError(
            "Call to 'getFile' failed!",
            { ok: false, error_code: 400, description: "Bad Request: file is too big" },
            "getFile",
            {},
          ),
        ),
    });
    expect(await tooBig.read({ fileId: "f" }, { maxBytes: 100 })).toEqual({ ok: false, reason: "too-large" });
    const streamed = reader({ body: [new Uint8Array(60), new Uint8Array(60)] });
    expect(await streamed.read({ fileId: "f" }, { maxBytes: 100 })).toEqual({
      ok: false,
      reason: "too-large",
    });
  });

  it("fails a broken download without the token or the URL in the log", async () => {
    for (const broken of [reader({ status: 404 }), reader({ throws: true })]) {
      expect(await broken.read({ fileId: "f" }, { maxBytes: 100 })).toEqual({ ok: false, reason: "failed" });
      expect(broken.logText()).toMatch(/telegram-file-failed/);
      expect(broken.logText()).not.toContain(TOKEN);
      expect(broken.logText()).not.toContain("/file/bot");
    }
  });
});
