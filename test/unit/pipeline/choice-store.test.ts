import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createChoiceStore } from "../../../src/pipeline/choice-store.js";
import { createChoiceFile } from "../../../src/state/choice-file.js";

const pages = [
  { path: "it/printers", locale: "en", title: "Printers" },
  { path: "it/wifi", locale: "en", title: "Office Wi-Fi" },
];
const offer = { account: "default", chatId: 42, agent: "main", question: "printer network", pages };
const here = { account: "default", chatId: 42 };

describe("choice store", () => {
  it("gives each page short data that resolves to it, in its own chat only", () => {
    const store = createChoiceStore();
    const data = store.offer(offer);
    expect(data).toHaveLength(2);
    for (const d of data) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(64);
    expect(store.resolve(data[1]!, here)).toMatchObject({
      ok: true,
      page: pages[1],
      offer: { question: "printer network" },
    });
    expect(store.resolve(data[0]!, { account: "default", chatId: 7 })).toEqual({
      ok: false,
      reason: "callback-forged",
    });
    expect(store.resolve(data[0]!, { account: "other", chatId: 42 })).toEqual({
      ok: false,
      reason: "callback-forged",
    });
    expect(store.resolve(data[0]!.replace(/\d$/, "5"), here)).toEqual({
      ok: false,
      reason: "callback-forged",
    });
    expect(store.resolve("it/printers", here)).toEqual({ ok: false, reason: "callback-forged" });
    expect(store.resolve("c:AAAAAAAAAAAA:0", here)).toEqual({ ok: false, reason: "callback-expired" });
  });

  it("expires offers after the ttl and drops the oldest beyond its bound", () => {
    let now = 0;
    const store = createChoiceStore({ ttlMs: 1000, max: 2, now: () => now });
    const first = store.offer(offer)[0]!;
    now = 999;
    expect(store.resolve(first, here).ok).toBe(true);
    now = 1001;
    expect(store.resolve(first, here)).toEqual({ ok: false, reason: "callback-expired" });
    const a = store.offer(offer)[0]!;
    store.offer(offer);
    store.offer(offer);
    expect(store.resolve(a, here)).toEqual({ ok: false, reason: "callback-expired" });
  });
});

describe("choice store with a file", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const fileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), "choices-"));
    dirs.push(dir);
    return join(dir, "choices", "offers.jsonl");
  };

  it("answers a tap after a restart: a new store on the same file resolves the old data", async () => {
    const file = fileIn();
    const before = createChoiceStore({ file: createChoiceFile({ file }) });
    const data = before.offer(offer);
    await before.flush();
    const after = createChoiceStore({ file: createChoiceFile({ file }) });
    expect(after.resolve(data[1]!, here)).toMatchObject({ ok: true, page: pages[1], offer: offer });
    expect(after.resolve(data[0]!, { account: "default", chatId: 7 })).toEqual({
      ok: false,
      reason: "callback-forged",
    });
  });

  it("drops expired offers and unreadable lines at start, and keeps the file bounded", async () => {
    const file = fileIn();
    let now = 0;
    const errors: unknown[] = [];
    const first = createChoiceStore({
      file: createChoiceFile({ file }),
      ttlMs: 1000,
      max: 3,
      now: () => now,
    });
    const old = first.offer(offer)[0]!;
    now = 500;
    const kept = Array.from({ length: 10 }, () => first.offer(offer)[0]!);
    await first.flush();
    // max 3: the file is compacted once it holds max lines more than the live offers.
    expect(readFileSync(file, "utf8").trim().split("\n").length).toBeLessThan(2 * 3);
    appendFileSync(file, 'not json\n{"v":1}\n');

    now = 1200;
    let invalid = 0;
    const second = createChoiceStore({
      file: createChoiceFile({ file, onError: (e) => errors.push(e) }),
      ttlMs: 1000,
      max: 3,
      now: () => now,
      onInvalid: (n) => (invalid = n),
    });
    await second.flush();
    expect(invalid).toBe(2);
    expect(second.resolve(old, here)).toEqual({ ok: false, reason: "callback-expired" });
    expect(kept.slice(-3).map((d) => second.resolve(d, here).ok)).toEqual([true, true, true]);
    expect(second.resolve(kept[0]!, here)).toEqual({ ok: false, reason: "callback-expired" });
    // The unreadable lines were compacted away.
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it("a file that cannot be written is reported, and offers still work in memory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "choices-"));
    dirs.push(dir);
    writeFileSync(join(dir, "choices"), "a file where a folder should be");
    const errors: unknown[] = [];
    const store = createChoiceStore({
      file: createChoiceFile({ file: join(dir, "choices", "offers.jsonl"), onError: (e) => errors.push(e) }),
    });
    expect(errors).toHaveLength(1); // it cannot be read
    const data = store.offer(offer);
    await store.flush();
    expect(errors).toHaveLength(1); // nor written: the same streak of failures is said once
    expect(store.resolve(data[0]!, here).ok).toBe(true);
    // Once a write succeeds the streak ends, and the next failure is said again.
    rmSync(join(dir, "choices"));
    store.offer(offer);
    await store.flush();
    expect(readFileSync(join(dir, "choices", "offers.jsonl"), "utf8")).toContain(offer.question);
    rmSync(join(dir, "choices"), { recursive: true });
    writeFileSync(join(dir, "choices"), "a file again");
    store.offer(offer);
    await store.flush();
    expect(errors).toHaveLength(2);
  });
});
