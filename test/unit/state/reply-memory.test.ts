import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openReplyMemory } from "../../../src/state/reply-memory.js";

const key = (messageId: number, chatId = -100) => ({ account: "a", chatId, messageId });
const file = () => join(mkdtempSync(join(tmpdir(), "wg-replies-")), "edits", "replies.jsonl");

describe("reply memory", () => {
  it("recalls what came of a message by account, chat and message id", () => {
    const memory = openReplyMemory({ keepMs: 60_000, now: () => 1000 });
    memory.remember(key(1), { outcome: "nothing", replyId: 9, at: 1000 });
    expect(memory.recall(key(1))).toEqual({ outcome: "nothing", replyId: 9, at: 1000 });
    expect(memory.recall(key(1, -200))).toBeUndefined();
    expect(memory.recall({ ...key(1), account: "b" })).toBeUndefined();
  });

  it("survives a restart through its file, and forgets what expired", async () => {
    const path = file();
    let now = 1_000_000;
    const first = openReplyMemory({ file: path, keepMs: 60_000, now: () => now });
    first.remember(key(1), { outcome: "nothing", replyId: 9, at: now });
    first.remember(key(2), { outcome: "answered", at: now - 59_000 });
    await first.flush();
    now += 2_000;
    const second = openReplyMemory({ file: path, keepMs: 60_000, now: () => now });
    await second.flush();
    expect(second.recall(key(1))).toEqual({ outcome: "nothing", replyId: 9, at: 1_000_000 });
    expect(second.recall(key(2))).toBeUndefined();
    // The reopened file holds the live entries only.
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("keeps the newest entry of a message, and at most `max` entries", async () => {
    const path = file();
    const memory = openReplyMemory({ file: path, keepMs: 60_000, max: 3, now: () => 0 });
    for (let id = 1; id <= 5; id += 1) memory.remember(key(id), { outcome: "nothing", at: 0 });
    memory.remember(key(5), { outcome: "answered", replyId: 2, at: 0 });
    expect(memory.size()).toBe(3);
    expect(memory.recall(key(2))).toBeUndefined();
    expect(memory.recall(key(5))).toEqual({ outcome: "answered", replyId: 2, at: 0 });
    await memory.flush();
    const again = openReplyMemory({ file: path, keepMs: 60_000, max: 3, now: () => 0 });
    expect(again.recall(key(5))?.outcome).toBe("answered");
  });

  it("skips unreadable lines and a torn last line", async () => {
    const path = file();
    const first = openReplyMemory({ file: path, keepMs: 60_000, now: () => 0 });
    first.remember(key(1), { outcome: "choices", at: 0 });
    await first.flush();
    const good = readFileSync(path, "utf8");
    writeFileSync(path, `not json\n{"a":"a","c":-100,"m":2,"o":"bogus","t":0}\n${good}{"a":"a","c":`);
    const memory = openReplyMemory({ file: path, keepMs: 60_000, now: () => 0 });
    expect(memory.recall(key(1))?.outcome).toBe("choices");
    expect(memory.recall(key(2))).toBeUndefined();
  });

  it("goes on in memory when the file cannot be written, saying so once", async () => {
    const errors: unknown[] = [];
    const blocker = join(mkdtempSync(join(tmpdir(), "wg-replies-")), "file");
    writeFileSync(blocker, "");
    const memory = openReplyMemory({
      file: join(blocker, "replies.jsonl"),
      keepMs: 60_000,
      now: () => 0,
      onError: (e) => errors.push(e),
    });
    memory.remember(key(1), { outcome: "nothing", at: 0 });
    memory.remember(key(2), { outcome: "nothing", at: 0 });
    await memory.flush();
    expect(memory.recall(key(2))?.outcome).toBe("nothing");
    expect(errors).toHaveLength(1);
  });

  it("rewrites its file with the live entries once the appended lines outnumber them", async () => {
    const path = file();
    const memory = openReplyMemory({ file: path, keepMs: 60_000, now: () => 0 });
    for (let i = 0; i < 1_001; i += 1) memory.remember(key(i % 3), { outcome: "nothing", at: 0 });
    await memory.flush();
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(3);
    memory.remember(key(7), { outcome: "answered", at: 0 });
    await memory.flush();
    const again = openReplyMemory({ file: path, keepMs: 60_000, now: () => 0 });
    expect(again.size()).toBe(4);
    expect(again.recall(key(7))?.outcome).toBe("answered");
  });
});
