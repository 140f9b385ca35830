import { describe, expect, it } from "vitest";
import { createChoiceStore } from "../../../src/pipeline/choice-store.js";

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
