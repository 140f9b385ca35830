import { copyFileSync } from "node:fs";
import { Api } from "grammy";
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../../packages/sandbox/src/memory-logger.js";
import { openJournal } from "../../../../src/accounts/journal/journal.js";
import { createReplay } from "../../../../src/accounts/journal/replay.js";
import { createReplyDedupe } from "../../../../src/accounts/reply-dedupe.js";
import { createReplier } from "../../../../src/accounts/telegram-replier.js";
import { journalFile, textUpdate } from "../fixtures.js";

/** Sends a reply the way the Telegram replier does, recording what reached "Telegram". */
function sendReply(journal: Parameters<typeof createReplyDedupe>[0], updateId: number, chunks: string[]) {
  const delivered: string[] = [];
  const progress = createReplyDedupe(journal, updateId);
  for (const [index, chunk] of chunks.entries()) {
    if (progress.alreadySent(index)) continue;
    progress.sending(index);
    delivered.push(chunk);
    progress.sent(index);
  }
  return delivered;
}

describe("replay after a crash mid-reply", () => {
  it("names the ambiguous update, replays it once, and sends only the chunks not confirmed", async () => {
    const file = journalFile();
    const before = openJournal(file, { durable: false });
    before.record([textUpdate(7), textUpdate(8), textUpdate(9)]);
    // Update 7: chunk 0 accepted, chunk 1 on its way when the process died.
    before.markSending(7, 0);
    before.markSent(7, 0);
    before.markSending(7, 1);
    // Update 8: recorded, never started. Update 9: done.
    before.markDone(9);
    await before.close(); // the process "dies": nothing else is written

    const journal = openJournal(file, { durable: false });
    const { logger, lines } = createMemoryLogger();
    const submitted: Update[] = [];
    const replay = createReplay({
      unfinished: journal.unfinished,
      log: logger,
      submit: (u) => submitted.push(u),
    });

    expect(replay.run()).toEqual({ replayed: [7, 8], ambiguous: [7] });
    expect(replay.run()).toEqual({ replayed: [], ambiguous: [] });
    expect(submitted.map((u) => u.update_id)).toEqual([7, 8]);
    const logged = lines().find((l) => l.msg === "replaying unfinished updates");
    expect(logged).toMatchObject({ count: 2, ambiguous: [7] });

    // The replayed handler answers again: chunk 0 is skipped, the ambiguous chunk 1 goes out once.
    expect(sendReply(journal, 7, ["a", "b", "c"])).toEqual(["b", "c"]);
    expect(sendReply(journal, 8, ["x"])).toEqual(["x"]);
    journal.markDone(7);
    journal.markDone(8);
    await journal.close();

    const after = openJournal(file, { durable: false });
    expect(after.unfinished).toEqual([]);
    expect(
      createReplay({ unfinished: after.unfinished, log: logger, submit: () => {} }).run().replayed,
    ).toEqual([]);
    await after.close();
  });

  it("a second crash during the replay keeps the chunks the replay got through", async () => {
    const file = journalFile();
    const first = openJournal(file, { durable: false });
    first.record([textUpdate(1)]);
    first.markSending(1, 0);
    first.markSent(1, 0);
    await first.close();
    const second = openJournal(file, { durable: false });
    const progress = createReplyDedupe(second, 1);
    progress.sending(1);
    progress.sent(1);
    await second.close();
    const third = openJournal(file, { durable: false });
    expect(sendReply(third, 1, ["a", "b", "c"])).toEqual(["c"]);
    await third.close();
  });

  it("a crash before the turn's sent and done marks reach the file: nothing lost, the chunk named", async () => {
    const file = journalFile();
    const before = openJournal(file, { durable: false });
    before.record([textUpdate(1), textUpdate(2), textUpdate(3)]);
    // Update 1 answered in an earlier turn: its marks are in the file.
    expect(sendReply(before, 1, ["a"])).toEqual(["a"]);
    before.markDone(1);
    await new Promise((r) => setImmediate(r));
    // This turn: update 2 answered (two chunks) and done, then the process dies before the turn
    // ends: the file is copied as a kill -9 would leave it. The sent mark of chunk 0 went into the
    // file with chunk 1's sending mark; chunk 1's sent mark and the done mark did not.
    expect(sendReply(before, 2, ["b", "c"])).toEqual(["b", "c"]);
    before.markDone(2);
    const crashed = `${file}.crashed`;
    copyFileSync(file, crashed);
    // Update 3 in the same turn: its sending mark carries 2's gathered marks into the file.
    expect(sendReply(before, 3, ["d"])).toEqual(["d"]);
    before.markDone(3);
    const carried = `${file}.carried`;
    copyFileSync(file, carried);
    await new Promise((r) => setImmediate(r));
    const turnEnd = `${file}.turn-end`;
    copyFileSync(file, turnEnd);
    await before.close();

    const journal = openJournal(crashed, { durable: false });
    const { logger, lines } = createMemoryLogger();
    const replay = createReplay({ unfinished: journal.unfinished, log: logger, submit: () => {} });
    expect(replay.run()).toEqual({ replayed: [2, 3], ambiguous: [2] });
    expect(lines().find((l) => l.msg === "replaying unfinished updates")).toMatchObject({ ambiguous: [2] });
    expect(journal.isDone(1)).toBe(true);
    // At-least-once: only the chunk whose acceptance was not in the file goes out once more.
    expect(sendReply(journal, 2, ["b", "c"])).toEqual(["c"]);
    expect(sendReply(journal, 3, ["d"])).toEqual(["d"]);
    await journal.close();

    const withCarried = openJournal(carried, { durable: false });
    expect(withCarried.isDone(2)).toBe(true);
    expect(withCarried.unfinished.map((e) => [e.updateId, [...e.sent], [...e.ambiguous]])).toEqual([
      [3, [], [0]],
    ]);
    await withCarried.close();

    // At the end of the turn every mark is in the file: nothing is replayed.
    const lived = openJournal(turnEnd, { durable: false });
    expect(lived.unfinished).toEqual([]);
    expect(lived.isDone(3)).toBe(true);
    await lived.close();
  });

  it("a done mark whose sent marks reached the file replays nothing twice", async () => {
    const file = journalFile();
    const before = openJournal(file, { durable: false });
    before.record([textUpdate(4)]);
    expect(sendReply(before, 4, ["a", "b"])).toEqual(["a", "b"]);
    await new Promise((r) => setImmediate(r));
    before.markDone(4); // lost in the crash
    const crashed = `${file}.crashed`;
    copyFileSync(file, crashed);
    await before.close();
    const journal = openJournal(crashed, { durable: false });
    const replay = createReplay({
      unfinished: journal.unfinished,
      log: createMemoryLogger().logger,
      submit: () => {},
    });
    expect(replay.run()).toEqual({ replayed: [4], ambiguous: [] });
    expect(sendReply(journal, 4, ["a", "b"])).toEqual([]);
    await journal.close();
  });

  it("a reply outside any update is never de-duplicated", async () => {
    const journal = openJournal(journalFile(), { durable: false });
    const progress = createReplyDedupe(journal, undefined);
    progress.sending(0);
    progress.sent(0);
    expect(progress.alreadySent(0)).toBe(false);
    expect(journal.depth()).toBe(0);
    await journal.close();
  });
});

describe("the Telegram replier on a replayed update", () => {
  it("sends only the chunks not confirmed before the crash, each once", async () => {
    const file = journalFile();
    const before = openJournal(file, { durable: false });
    before.record([textUpdate(5)]);
    before.markSending(5, 0);
    before.markSent(5, 0);
    before.markSending(5, 1); // died here: chunk 1 may or may not have arrived
    await before.close();

    const journal = openJournal(file, { durable: false });
    const texts: string[] = [];
    const api = new Api("1:test");
    api.config.use(async (_prev, method, payload) => {
      if (method === "sendMessage") texts.push(String(Reflect.get(payload, "text")));
      return { ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: "private" } } } as any;
    });
    const replier = createReplier(
      { api, journal, log: createMemoryLogger().logger, toPlain: (html) => html },
      { updateId: 5, chatId: 1, messageId: 5 },
    );
    await replier.send(["first", "second", "third"]);
    expect(texts).toEqual(["second", "third"]);
    await replier.send(["first", "second", "third"]); // the same update answered again in this process
    expect(texts).toEqual(["second", "third"]);
    expect([...journal.sentChunks(5)].sort()).toEqual([0, 1, 2]);
    await journal.close();
  });
});
