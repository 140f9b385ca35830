import { afterEach, describe, expect, it } from "vitest";
import type { Journal } from "../../src/accounts/journal/journal.js";
import { createReplyDedupe } from "../../src/accounts/reply-dedupe.js";
import type { InboundMessage } from "../../src/core/inbound-message.js";
import type { Logger } from "../../src/log/logger.js";
import { PairingError } from "../../src/policy/pairing-error.js";
import type { PairingStore } from "../../src/policy/pairing-store.js";
import { createMemoryLogger } from "../../packages/sandbox/src/memory-logger.js";
import { textUpdate } from "../unit/accounts/fixtures.js";
import { dm } from "../unit/policy/fixtures.js";

/**
 * The one contract of the storage ports, run against every adapter (files here in
 * test/unit/store-contract-files.test.ts, Redis in test/cluster/store-contract-redis.test.ts).
 * A harness opens the adapter under test on fresh, isolated storage for each test.
 */
export interface JournalHarness {
  /** Opens the journal of `account` (a new "process": nothing shared in memory). */
  open(account: string, options?: { compactEvery?: number }): Journal;
  /** Inserts an unreadable entry before the `index`-th stored entry (0-based) of `account`. */
  corrupt(account: string, index: number): Promise<void>;
  /** Whether a copy named by `damage.keptAs` exists. */
  keptExists(keptAs: string): Promise<boolean>;
}

export interface PairingHarness {
  /** A store over the shared document, as a separate process (daemon, CLI, replica) has it. */
  store(options?: { now?: () => number; logger?: Logger; pollMs?: number }): PairingStore;
  /** Replaces the document by text that is not a pairing state. */
  corrupt(text: string): Promise<void>;
  /** Raw document text ("" when none). */
  read(): Promise<string>;
  /** Replaces the document's text as is. */
  write(text: string): Promise<void>;
  /** The kept copies' names: `.corrupt-` and `.invalid-` ones. */
  kept(): Promise<string[]>;
  /** The text of a kept copy. */
  readKept(name: string): Promise<string>;
}

export function journalContract(name: string, harness: () => JournalHarness): void {
  describe(`journal store contract: ${name}`, () => {
    const opened: Journal[] = [];
    const open = (h: JournalHarness, account: string, options?: { compactEvery?: number }) => {
      const journal = h.open(account, options);
      opened.push(journal);
      return journal;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((j) => j.close()));
    });

    it("stores a batch before it is confirmed, and the next owner replays what is unfinished", async () => {
      const h = harness();
      const first = open(h, "a");
      await first.ready();
      expect(first.record([textUpdate(3), textUpdate(1), textUpdate(2)]).map((u) => u.update_id)).toEqual([
        3, 1, 2,
      ]);
      await first.flush();
      first.markDone(2);
      await first.flush();
      // No close: the process died. What flush confirmed is there for the next one.
      const next = open(h, "a");
      await next.ready();
      expect(next.unfinished.map((e) => e.updateId)).toEqual([1, 3]);
      expect(next.unfinished[0]!.update).toEqual(textUpdate(1));
      expect(next.isDone(2)).toBe(true);
      expect(next.depth()).toBe(2);
      expect(next.record([textUpdate(2), textUpdate(3), textUpdate(4)]).map((u) => u.update_id)).toEqual([4]);
    });

    it("keeps accounts apart", async () => {
      const h = harness();
      const a = open(h, "a");
      const b = open(h, "b");
      await Promise.all([a.ready(), b.ready()]);
      a.record([textUpdate(1)]);
      b.record([textUpdate(2)]);
      await Promise.all([a.flush(), b.flush()]);
      const again = open(h, "b");
      await again.ready();
      expect(again.unfinished.map((e) => e.updateId)).toEqual([2]);
    });

    it("de-duplicates replies: sent chunks are skipped, an unconfirmed one is named and sent again", async () => {
      const h = harness();
      const j = open(h, "a");
      await j.ready();
      j.record([textUpdate(10)]);
      const progress = createReplyDedupe(j, 10);
      progress.sending(0);
      progress.sent(0);
      progress.sending(1);
      await j.flush();
      const next = open(h, "a");
      await next.ready();
      const [entry] = next.unfinished;
      expect([...entry!.sent]).toEqual([0]);
      expect([...entry!.ambiguous]).toEqual([1]);
      const replay = createReplyDedupe(next, 10);
      expect(replay.alreadySent(0)).toBe(true);
      expect(replay.alreadySent(1)).toBe(false);
    });

    it("loses nothing under many concurrent writers, across compactions", async () => {
      const h = harness();
      const j = open(h, "a", { compactEvery: 7 });
      await j.ready();
      const writers = Array.from({ length: 16 }, (_, w) =>
        (async () => {
          for (let k = 0; k < 10; k++) {
            const id = w * 100 + k;
            j.record([textUpdate(id)]);
            await j.flush();
            await new Promise((r) => setImmediate(r));
            j.markSent(id, 0);
            if (k % 2 === 0) j.markDone(id);
            await new Promise((r) => setTimeout(r, Math.random() * 3));
          }
        })(),
      );
      await Promise.all(writers);
      await j.flush();
      await j.close();
      const next = open(h, "a");
      await next.ready();
      const pending = next.unfinished.map((e) => e.updateId);
      const expected = Array.from({ length: 16 }, (_, w) => [1, 3, 5, 7, 9].map((k) => w * 100 + k))
        .flat()
        .sort((x, y) => x - y);
      expect(pending).toEqual(expected);
      for (const e of next.unfinished) expect([...e.sent]).toEqual([0]);
      expect(next.isDone(4)).toBe(true);
      expect(next.isDone(1508)).toBe(true);
    });

    it("skips an unreadable entry with a clear report, keeps the store as found, and loses nothing else", async () => {
      const h = harness();
      const j = open(h, "a");
      await j.ready();
      j.record([textUpdate(1), textUpdate(2)]);
      j.record([textUpdate(3)]);
      await j.flush();
      await j.close();
      await h.corrupt("a", 1);
      const next = open(h, "a");
      await next.ready();
      expect(next.damage?.code).toBe("journal-damaged");
      expect(next.damage?.lines).toEqual([2]);
      expect(next.damage?.message).toContain(next.damage!.keptAs);
      expect(next.damage?.remedy).not.toBe("");
      expect(await h.keptExists(next.damage!.keptAs)).toBe(true);
      expect(next.unfinished.map((e) => e.updateId)).toEqual([1, 2, 3]);
      // Rewritten clean: the next open finds no damage and the same updates.
      await next.close();
      const after = open(h, "a");
      await after.ready();
      expect(after.damage).toBeUndefined();
      expect(after.unfinished.map((e) => e.updateId)).toEqual([1, 2, 3]);
    });
  });
}

const MIN = 60_000;

function from(senderId: number, text = "what is VPN?"): InboundMessage {
  return dm({ senderId, chatId: senderId, text, args: text });
}

async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function pairingContract(name: string, harness: () => PairingHarness): void {
  describe(`pairing store contract: ${name}`, () => {
    it("requests, approves and delivers, seen by another process", async () => {
      const h = harness();
      const clock = Date.UTC(2025, 0, 1);
      const daemon = h.store({ now: () => clock });
      const cli = h.store({ now: () => clock });
      const outcome = await daemon.request("main", from(111));
      expect(outcome.kind).toBe("created");
      const code = (outcome as { code: string }).code;
      expect((await cli.list("main")).map((r) => r.code)).toEqual([code]);
      expect(await daemon.request("main", from(111))).toEqual({ kind: "repeat", code, remind: false });

      const approval = await cli.approve(code.toLowerCase());
      expect(approval).toMatchObject({ account: "main", userId: "111", delivered: false });
      expect(await cli.list()).toEqual([]);
      await daemon.reload();
      expect(daemon.isApproved("main", "111")).toBe(true);
      const [delivery] = await daemon.takeDeliveries("main");
      expect(delivery).toMatchObject({ account: "main", userId: "111", code });
      expect(delivery!.message?.text).toBe("what is VPN?");
      expect(await daemon.markDelivered("main", "111")).toBe(true);
      expect(await cli.takeDeliveries()).toEqual([]);
      expect(await cli.allowed("main")).toMatchObject([
        { userId: "111", delivered: true, deliveredAt: clock },
      ]);
      await cli.revoke("main", "111");
      await daemon.reload();
      expect(daemon.isApproved("main", "111")).toBe(false);
    });

    it("refuses an unknown and an expired code with their own errors", async () => {
      const h = harness();
      let clock = Date.UTC(2025, 0, 1);
      const s = h.store({ now: () => clock });
      const outcome = await s.request("main", from(5));
      const unknown = await s.approve("ZZZZZZZZ").catch((e: unknown) => e);
      expect((unknown as PairingError).code).toBe("pairing-unknown-code");
      clock += 61 * MIN;
      const expired = await s.approve((outcome as { code: string }).code).catch((e: unknown) => e);
      expect((expired as PairingError).code).toBe("pairing-code-expired");
      expect(await h.store({ now: () => clock }).list()).toEqual([]);
    });

    it("tells a watching process about another one's change", async () => {
      const h = harness();
      const daemon = h.store({ pollMs: 50 });
      const outcome = await daemon.request("main", from(42));
      await daemon.reload();
      let changes = 0;
      const watching = daemon.watch(() => void changes++);
      try {
        await h.store().approve((outcome as { code: string }).code);
        await until(() => daemon.isApproved("main", "42"));
        await until(() => changes > 0);
      } finally {
        watching.close();
      }
    });

    it("loses nothing when many processes write at once", async () => {
      const h = harness();
      const writers = 12;
      // Each writer is its own store (its own process), on its own account (3 pending at most each).
      const outcomes = await Promise.all(
        Array.from({ length: writers }, (_, i) => h.store().request(`acct${i}`, from(1000 + i))),
      );
      expect(outcomes.every((o) => o.kind === "created")).toBe(true);
      const requests = await h.store().list();
      expect(requests.map((r) => r.userId).sort()).toEqual(
        Array.from({ length: writers }, (_, i) => String(1000 + i)).sort(),
      );
      // Approvals from several CLIs while the daemon keeps writing requests and deliveries.
      const daemon = h.store();
      const codes = outcomes.map((o) => (o as { code: string }).code);
      await Promise.all([
        ...codes.map((code) => h.store().approve(code)),
        ...Array.from({ length: writers }, (_, i) => daemon.request(`acct${i}`, from(2000 + i))),
      ]);
      const approved = await h.store().allowed();
      expect(approved.map((a) => a.userId).sort()).toEqual(
        Array.from({ length: writers }, (_, i) => String(1000 + i)).sort(),
      );
      expect((await h.store().list()).map((r) => r.userId).sort()).toEqual(
        Array.from({ length: writers }, (_, i) => String(2000 + i)).sort(),
      );
      await Promise.all(approved.map((a) => h.store().markDelivered(a.account, a.userId)));
      expect(await h.store().takeDeliveries()).toEqual([]);
    });

    it("sets a corrupt document aside with a clear error and starts empty, never overwriting it", async () => {
      const h = harness();
      const { logger, lines } = createMemoryLogger();
      const s = h.store({ logger });
      await s.request("main", from(1));
      await h.corrupt("{ not json");
      const error = (await s.list().catch((e: unknown) => e)) as PairingError;
      expect(error).toBeInstanceOf(PairingError);
      expect(error.code).toBe("pairing-file-corrupt");
      expect(error.remedy).not.toBe("");
      const kept = (await h.kept()).filter((k) => k.includes(".corrupt-") || k.includes(":corrupt-"));
      expect(kept).toHaveLength(1);
      expect(error.message).toContain(kept[0]);
      expect(await h.readKept(kept[0]!)).toBe("{ not json");
      expect(lines().some((l) => l.code === "pairing-file-corrupt")).toBe(true);
      expect(await s.list()).toEqual([]);
      expect((await s.request("main", from(2))).kind).toBe("created");
    });

    it("skips one unreadable kept message and keeps every other entry, and a copy as found", async () => {
      const h = harness();
      const s = h.store();
      const first = await s.request("main", from(1, "first question"));
      await s.request("main", from(2, "second question"));
      await s.approve((first as { code: string }).code);
      const doc = JSON.parse(await h.read()) as { approvals: Array<{ message?: unknown }> };
      doc.approvals[0]!.message = { text: 42 };
      const broken = JSON.stringify(doc);
      await h.write(broken);
      const { logger, lines } = createMemoryLogger();
      const reader = h.store({ logger });
      const [delivery] = await reader.takeDeliveries();
      expect(delivery).toMatchObject({ userId: "1" });
      expect(delivery!.message).toBeUndefined();
      expect((await reader.list()).map((r) => r.message?.text)).toEqual(["second question"]);
      expect(lines().some((l) => l.code === "pairing-message-invalid")).toBe(true);
      expect(await reader.markDelivered("main", "1")).toBe(true);
      const invalid = (await h.kept()).filter((k) => k.includes("invalid-"));
      expect(invalid).toHaveLength(1);
      expect(await h.readKept(invalid[0]!)).toBe(broken);
      expect((await reader.allowed()).map((a) => a.userId)).toEqual(["1"]);
    });
  });
}
