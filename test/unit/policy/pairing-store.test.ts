import { mkdtemp, readdir, readFile, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { PairingError } from "../../../src/policy/pairing-error.js";
import { createPairingStore, type PairingStoreOptions } from "../../../src/policy/pairing-store.js";
import { dm } from "./fixtures.js";

const MIN = 60_000;
let dir: string;
let clock: number;
let files: { file: string; lockFile: string };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wg-pairing-"));
  clock = Date.UTC(2025, 0, 1);
  files = { file: join(dir, "state", "pairing.json"), lockFile: join(dir, "state", "pairing.lock") };
});

function store(extra: Partial<PairingStoreOptions> = {}) {
  return createPairingStore({ ...files, now: () => clock, ...extra });
}

const from = (senderId: number, text = "what is VPN?") =>
  dm({ senderId, chatId: senderId, text, args: text });

async function rejection(promise: Promise<unknown>): Promise<PairingError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PairingError);
  return error as PairingError;
}

describe("pairing store: requests", () => {
  it("creates a request with a code valid for one hour and keeps the message", async () => {
    const s = store();
    const outcome = await s.request("main", from(111));
    expect(outcome).toMatchObject({ kind: "created", expiresAt: clock + 60 * MIN });
    const [request] = await s.list();
    expect(request).toMatchObject({ account: "main", userId: "111", createdAt: clock });
    expect(outcome.kind === "created" && outcome.code).toBe(request!.code);
    expect(request!.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
    expect(request!.message?.text).toBe("what is VPN?");
  });

  it("repeats the same code at most once every 10 minutes", async () => {
    const s = store();
    const created = await s.request("main", from(111));
    const code = created.kind === "created" ? created.code : "";
    const at = (minutes: number) => {
      clock = Date.UTC(2025, 0, 1) + minutes * MIN;
      return s.request("main", from(111, "again"));
    };
    expect(await at(1)).toEqual({ kind: "repeat", code, remind: false });
    expect(await at(9.9)).toEqual({ kind: "repeat", code, remind: false });
    expect(await at(10)).toEqual({ kind: "repeat", code, remind: true });
    expect(await at(15)).toEqual({ kind: "repeat", code, remind: false });
    expect(await at(20)).toEqual({ kind: "repeat", code, remind: true });
    expect((await s.list())[0]!.message?.text).toBe("what is VPN?");
  });

  it("keeps at most 3 pending per account and says so once per sender", async () => {
    const s = store();
    const codes = [];
    for (const user of [1, 2, 3]) {
      const outcome = await s.request("main", from(user));
      expect(outcome.kind).toBe("created");
      if (outcome.kind === "created") codes.push(outcome.code);
    }
    expect(new Set(codes).size).toBe(3);
    expect(await s.request("main", from(4))).toEqual({ kind: "limit", notify: true });
    expect(await s.request("main", from(4))).toEqual({ kind: "limit", notify: false });
    expect(await s.request("main", from(5))).toEqual({ kind: "limit", notify: true });
    expect((await s.request("other", from(4))).kind).toBe("created");
    expect(await s.list("main")).toHaveLength(3);
  });

  it("prunes expired requests first, and an expired request gives way to a new code", async () => {
    const s = store();
    const first = await s.request("main", from(1));
    clock += 30 * MIN;
    await s.request("main", from(2));
    await s.request("main", from(3));
    expect((await s.request("main", from(4))).kind).toBe("limit");
    clock += 30 * MIN; // the first request is now exactly one hour old
    expect((await s.request("main", from(4))).kind).toBe("created");
    const again = await s.request("main", from(1));
    expect(again.kind).toBe("limit");
    expect((await s.list("main")).map((r) => r.userId).sort()).toEqual(["2", "3", "4"]);
    expect(first.kind === "created" && (await s.list()).some((r) => r.code === first.code)).toBe(false);
  });

  it("never starts pairing from a group message or a message without a sender", async () => {
    const s = store();
    const inGroup = dm({ chatType: "supergroup", chatId: -1001 });
    expect((await rejection(s.request("main", inGroup))).code).toBe("pairing-invalid-request");
    expect((await rejection(s.request("main", dm({ senderId: undefined as never })))).code).toBe(
      "pairing-invalid-request",
    );
    expect(await s.list()).toEqual([]);
  });

  it("persists across instances (a restart)", async () => {
    const a = store();
    const outcome = await a.request("main", from(111));
    const b = store();
    expect(await b.list()).toHaveLength(1);
    expect(await b.request("main", from(111))).toMatchObject({
      kind: "repeat",
      code: (outcome as { code: string }).code,
    });
    const raw = JSON.parse(await readFile(files.file, "utf8"));
    expect(raw).toMatchObject({ version: 1, approvals: [] });
    expect(raw.requests).toHaveLength(1);
  });
});

describe("pairing store: approve, deny, revoke", () => {
  async function pending(s = store(), user = 111, account = "main") {
    const outcome = await s.request(account, from(user));
    if (outcome.kind !== "created") throw new Error("expected a new request");
    return outcome.code;
  }

  it("approves a code case-insensitively; the approval is pending delivery with the kept message", async () => {
    const s = store();
    const code = await pending(s);
    const approval = await s.approve(` ${code.toLowerCase()} `);
    expect(approval).toMatchObject({ account: "main", userId: "111", code, delivered: false });
    expect(s.isApproved("main", "111")).toBe(true);
    expect(s.isApproved("other", "111")).toBe(false);
    expect(await s.list()).toEqual([]);
    const deliveries = await s.takeDeliveries();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ account: "main", userId: "111", approvedAt: clock });
    expect(deliveries[0]!.message?.text).toBe("what is VPN?");
    expect(await s.takeDeliveries("other")).toEqual([]);
    expect(await s.takeDeliveries()).toHaveLength(1); // still there until marked
    expect(await s.markDelivered("main", "111")).toBe(true);
    expect(await s.takeDeliveries()).toEqual([]);
    const [allowed] = await s.allowed("main");
    expect(allowed).toMatchObject({ delivered: true, deliveredAt: clock });
    expect(allowed!.message).toBeUndefined();
    expect(await s.markDelivered("main", "999")).toBe(false);
  });

  it("refuses an unknown code and an expired one, removing the expired request", async () => {
    const s = store();
    expect((await rejection(s.approve("ABCDEFGH"))).code).toBe("pairing-unknown-code");
    const code = await pending(s);
    expect((await rejection(s.approve(code, "other"))).code).toBe("pairing-unknown-code");
    clock += 60 * MIN;
    const expired = await rejection(s.approve(code));
    expect(expired.code).toBe("pairing-code-expired");
    expect(expired.remedy).toMatch(/write to the bot again/);
    expect((await rejection(s.approve(code))).code).toBe("pairing-unknown-code");
    expect(s.isApproved("main", "111")).toBe(false);
  });

  it("asks for --account when a code is pending for several accounts", async () => {
    const state = {
      version: 1,
      requests: ["main", "vera"].map((account) => ({
        account,
        userId: "5",
        code: "ABCDEFGH",
        createdAt: clock,
        expiresAt: clock + 60 * MIN,
        lastReplyAt: clock,
      })),
      approvals: [],
    };
    const s = store();
    await s.request("seed", from(1)); // creates the folder
    await writeFile(files.file, JSON.stringify(state));
    const error = await rejection(s.approve("abcdefgh"));
    expect(error.code).toBe("pairing-ambiguous-code");
    expect(error.remedy).toContain("--account");
    expect(await s.approve("abcdefgh", "vera")).toMatchObject({ account: "vera", userId: "5" });
    expect(await s.list()).toHaveLength(1);
  });

  it("deny removes a request; revoke removes an approved sender", async () => {
    const s = store();
    const a = await pending(s, 1);
    const b = await pending(s, 2);
    expect(await s.deny(a.toLowerCase())).toMatchObject({ userId: "1" });
    expect((await rejection(s.deny(a))).code).toBe("pairing-unknown-code");
    await s.approve(b);
    expect(s.isApproved("main", "2")).toBe(true);
    expect(await s.revoke("main", "2")).toMatchObject({ userId: "2" });
    expect(s.isApproved("main", "2")).toBe(false);
    expect((await rejection(s.revoke("main", "2"))).code).toBe("pairing-not-approved");
    expect(await s.allowed()).toEqual([]);
  });

  it("keeps a message that arrives after approval but before the daemon saw it", async () => {
    const daemon = store();
    const cli = store();
    const code = await pending(daemon);
    await cli.approve(code);
    await daemon.markDelivered("main", "111");
    // The daemon's snapshot is behind: it still treats 111 as unknown and asks for pairing.
    expect(await daemon.request("main", from(111, "second question"))).toEqual({ kind: "approved" });
    expect(daemon.isApproved("main", "111")).toBe(true);
    const [delivery] = await daemon.takeDeliveries();
    expect(delivery?.message?.text).toBe("second question");
  });
});

describe("pairing store: concurrency, watch, bad files", () => {
  it("two stores on one file doing 50 operations each in parallel lose nothing", async () => {
    const a = store();
    const b = store();
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) => [
        a.request(`a${i}`, from(1000 + i)),
        b.request(`b${i}`, from(2000 + i)),
      ]).flat(),
    );
    expect(created.every((o) => o.kind === "created")).toBe(true);
    const requests = await a.list();
    expect(requests).toHaveLength(100);
    expect(new Set(requests.map((r) => r.code)).size).toBe(100);
    await Promise.all(requests.map((r, i) => (i % 2 === 0 ? a : b).approve(r.code, r.account)));
    await b.reload();
    expect(await a.allowed()).toHaveLength(100);
    expect(await a.list()).toEqual([]);
    for (const r of requests) expect(b.isApproved(r.account, r.userId)).toBe(true);
  }, 60_000);

  it("sees another process's change through watch, without a restart", async () => {
    const daemon = store({ pollMs: 100 });
    const outcome = await daemon.request("main", from(111));
    await daemon.reload();
    let changes = 0;
    const watching = daemon.watch(() => {
      changes += 1;
    });
    try {
      await store().approve((outcome as { code: string }).code);
      await until(() => daemon.isApproved("main", "111"));
      await until(() => changes > 0);
      const seen = changes;
      await daemon.markDelivered("main", "111"); // its own write is not a change from outside
      await new Promise((r) => setTimeout(r, 400));
      expect(changes).toBe(seen);
    } finally {
      watching.close();
    }
  });

  it("reports an outside change even when the daemon's own write read it first", async () => {
    const daemon = store({ pollMs: 5000 }); // only fs.watch events or the write's own event
    const outcome = await daemon.request("main", from(111));
    let changes = 0;
    const watching = daemon.watch(() => void changes++);
    try {
      await store().approve((outcome as { code: string }).code);
      await daemon.request("main", from(222)); // reads the approval inside the lock
      expect(daemon.isApproved("main", "111")).toBe(true);
      await until(() => changes > 0);
    } finally {
      watching.close();
    }
  });

  it("sees a change by polling when the folder did not exist when watching started", async () => {
    const daemon = store({ pollMs: 50 });
    await daemon.reload(); // no file yet: an empty state
    let changes = 0;
    const watching = daemon.watch(() => void changes++);
    try {
      const cli = store();
      const outcome = await cli.request("main", from(7));
      await cli.approve((outcome as { code: string }).code);
      await until(() => daemon.isApproved("main", "7"));
      expect(changes).toBeGreaterThan(0);
    } finally {
      watching.close();
    }
  });

  it("sets a corrupt file aside, says so, and never empties it silently", async () => {
    const { logger, lines } = createMemoryLogger();
    const s = store({ logger });
    await s.request("main", from(1));
    await writeFile(files.file, '{"version":1,"requests":[{"account":"main"}');
    const error = await rejection(s.reload());
    expect(error.code).toBe("pairing-file-corrupt");
    expect(error.message).toContain(".corrupt-");
    const kept = (await readdir(join(dir, "state"))).filter((f) => f.includes(".corrupt-"));
    expect(kept).toHaveLength(1);
    expect(await readFile(join(dir, "state", kept[0]!), "utf8")).toBe(
      '{"version":1,"requests":[{"account":"main"}',
    );
    expect(lines().some((l) => l.code === "pairing-file-corrupt")).toBe(true);
    expect(s.isApproved("main", "1")).toBe(false);
    expect((await s.request("main", from(2))).kind).toBe("created");
  });

  it("takeDeliveries does not reject on a corrupt file", async () => {
    const { logger, lines } = createMemoryLogger();
    const s = store({ logger });
    await s.request("main", from(1));
    await writeFile(files.file, "garbage");
    expect(await s.takeDeliveries()).toEqual([]);
    expect(
      lines().some((l) => l.msg === "pairing file could not be read; delivering from the last snapshot"),
    ).toBe(true);
  });

  it("refuses a write over a corrupt file and keeps it", async () => {
    const s = store();
    await s.request("main", from(1));
    await writeFile(
      files.file,
      JSON.stringify({ version: 1, requests: [{ account: "main", userId: "@bob" }], approvals: [] }),
    );
    expect((await rejection(s.request("main", from(2)))).code).toBe("pairing-file-corrupt");
    expect((await readdir(join(dir, "state"))).some((f) => f.includes(".corrupt-"))).toBe(true);
  });

  it("leaves a file of a newer format alone", async () => {
    const s = store();
    await s.request("main", from(1));
    const newer = JSON.stringify({ version: 2, things: [] });
    await writeFile(files.file, newer);
    expect((await rejection(s.reload())).code).toBe("pairing-file-version");
    expect((await rejection(s.request("main", from(2)))).code).toBe("pairing-file-version");
    expect(await readFile(files.file, "utf8")).toBe(newer);
  });

  it("breaks a stale lock and times out on a live one", async () => {
    const s = store({ lockTimeoutMs: 300 });
    await s.request("main", from(1));
    await writeFile(files.lockFile, "12345 crashed\n");
    const old = new Date(Date.now() - 60_000);
    await utimes(files.lockFile, old, old);
    expect((await s.request("main", from(2))).kind).toBe("created");
    await writeFile(files.lockFile, "12345 busy\n");
    expect((await rejection(s.request("main", from(3)))).code).toBe("pairing-lock-timeout");
  });
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
