import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createAccountBot } from "../../../src/accounts/account-bot.js";
import { classifyFailure } from "../../../src/accounts/classify-failure.js";
import { openJournal } from "../../../src/accounts/journal/journal.js";
import { journalFile } from "./fixtures.js";

const TOKEN = "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A Bot API stand-in on 127.0.0.1 answering every call with `bytes` of a valid getUpdates answer. */
async function apiAnswering(bytes: number): Promise<string> {
  const head = '{"ok":true,"result":[],"pad":"';
  const tail = '"}';
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json" });
    const chunk = "x".repeat(64 * 1024);
    res.write(head);
    let left = bytes - head.length - tail.length;
    const pump = () => {
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.slice(0, left);
        left -= piece.length;
        if (!res.write(piece)) return void res.once("drain", pump);
      }
      res.end(tail);
    };
    pump();
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const botAt = (apiRoot: string) =>
  createAccountBot({
    account: "a",
    token: TOKEN,
    apiRoot,
    journal: openJournal(journalFile(), { durable: false }),
    responseMaxBytes: 1024 * 1024,
  });

describe("the bound on the Bot API's answers", () => {
  it("refuses an answer past responseMaxBytes while it arrives, as telegram-response-too-large", async () => {
    const bot = botAt(await apiAnswering(8 * 1024 * 1024));
    const error = await bot.api.getUpdates({ timeout: 0 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(classifyFailure("a", error)).toMatchObject({
      kind: "network",
      code: "telegram-response-too-large",
    });
  });

  it("reads an answer under the bound as it is", async () => {
    const bot = botAt(await apiAnswering(900 * 1024));
    expect(await bot.api.getUpdates({ timeout: 0 })).toEqual([]);
  });
});
