import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { parsePairingState } from "../../../src/policy/pairing-file.js";
import { createPairingStore } from "../../../src/policy/pairing-store.js";
import { dm } from "./fixtures.js";

const NOW = Date.UTC(2025, 0, 1);
let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wg-kept-"));
  await mkdir(join(dir, "state"));
  file = join(dir, "state", "pairing.json");
});

const approval = (userId: string, message: unknown) => ({
  account: "main",
  userId,
  approvedAt: NOW,
  delivered: false,
  message,
});
const good = (user: number) => dm({ senderId: user, chatId: user, text: `question of ${user}` });

function store() {
  const memory = createMemoryLogger();
  const s = createPairingStore({
    file,
    lockFile: join(dir, "state", "pairing.lock"),
    now: () => NOW,
    logger: memory.logger,
  });
  return { s, lines: memory.lines };
}

describe("a kept message read back from pairing.json", () => {
  it("is validated: an invalid one is skipped with a remedy, the entry and every other one stay", async () => {
    const text = JSON.stringify({
      version: 1,
      requests: [],
      approvals: [
        approval("1", { ...good(1), text: 42 }),
        approval("2", good(2)),
        approval("3", { ...good(3), chatId: -1001, chatType: "supergroup" }),
      ],
      limitNotices: [],
    });
    await writeFile(file, text);
    const { s, lines } = store();
    const deliveries = await s.takeDeliveries();
    expect(deliveries.map((d) => [d.userId, d.message?.text])).toEqual([
      ["1", undefined],
      ["2", "question of 2"],
      ["3", undefined],
    ]);
    expect(s.isApproved("main", "1")).toBe(true);
    const warned = lines().filter((l) => l.code === "pairing-message-invalid");
    expect(warned.map((l) => l.path)).toEqual(["approvals[0].message", "approvals[2].message"]);
    expect(String(warned[0]!.remedy)).toContain("send the message again");
    await s.takeDeliveries();
    expect(lines().filter((l) => l.code === "pairing-message-invalid")).toHaveLength(2); // once per text
    expect(await readFile(file, "utf8")).toBe(text); // reading never rewrites
  });

  it("keeps the file as found before a write replaces it, and loses no other entry", async () => {
    const text = JSON.stringify({
      version: 1,
      requests: [],
      approvals: [approval("1", { not: "a message" }), approval("2", good(2))],
      limitNotices: [],
      futureKey: { kept: true },
    });
    await writeFile(file, text);
    const { s } = store();
    expect(await s.markDelivered("main", "2")).toBe(true);
    const kept = (await readdir(join(dir, "state"))).filter((f) => f.includes(".invalid-"));
    expect(kept).toHaveLength(1);
    expect(await readFile(join(dir, "state", kept[0]!), "utf8")).toBe(text);
    const after = JSON.parse(await readFile(file, "utf8"));
    expect(after.approvals.map((a: { userId: string }) => a.userId)).toEqual(["1", "2"]);
    expect(after.futureKey).toEqual({ kept: true });
  });

  it("still refuses a file whose entries would grant access by accident, naming the field", () => {
    const parsed = parsePairingState(
      JSON.stringify({ version: 1, requests: [], approvals: [approval("@bob", undefined)] }),
    );
    expect(parsed).toMatchObject({ ok: false, failure: { kind: "corrupt" } });
    expect(parsed.ok ? "" : JSON.stringify(parsed.failure)).toContain("approvals[0].userId");
  });

  it("reads a well-formed file unchanged", () => {
    const state = {
      version: 1,
      requests: [
        {
          account: "main",
          userId: "5",
          code: "ABCD2345",
          createdAt: 1,
          expiresAt: 2,
          lastReplyAt: 1,
          message: good(5),
        },
      ],
      approvals: [approval("2", good(2))],
      limitNotices: [{ account: "main", userId: "9", at: 3 }],
    };
    expect(parsePairingState(JSON.stringify(state))).toEqual({ ok: true, state, skipped: [] });
  });
});
