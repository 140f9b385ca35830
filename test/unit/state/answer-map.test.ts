import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openAnswerMap } from "../../../src/state/answer-map.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const fileIn = () => {
  dir = mkdtempSync(join(tmpdir(), "wg-answers-"));
  return join(dir, "feedback", "answers.json");
};
const at = (messageId: number, chatId = -1001) => ({ account: "default", chatId, messageId });
const page = { agent: "main", page: { path: "guides/backup", title: "Backups" } };

describe("the answer map", () => {
  it("keeps at most maxEntries answers, the oldest dropped first", () => {
    const map = openAnswerMap({ file: fileIn(), maxEntries: 3 });
    for (let id = 1; id <= 5; id += 1) map.remember(at(id), page);
    expect(map.size()).toBe(3);
    expect(map.find(at(1))).toBeUndefined();
    expect(map.find(at(2))).toBeUndefined();
    expect(map.find(at(5))).toMatchObject(page);
  });

  it("forgets answers older than maxAgeMs: a late reaction finds nothing", () => {
    let now = 1_000_000;
    const map = openAnswerMap({ file: fileIn(), maxAgeMs: 60_000, now: () => now });
    map.remember(at(1), page);
    now += 59_000;
    expect(map.find(at(1))).toBeDefined();
    now += 2_000;
    expect(map.find(at(1))).toBeUndefined();
    expect(map.vote(at(1), 7, 1)).toBeUndefined();
    map.remember(at(2), page);
    expect(map.size()).toBe(1);
  });

  it("keeps one vote per user and answer: a change replaces it, 0 withdraws it", () => {
    const map = openAnswerMap({ file: fileIn() });
    map.remember(at(1), page);
    expect(map.vote(at(1), 7, 1)).toBe(0);
    expect(map.vote(at(1), 7, 1)).toBe(1);
    expect(map.vote(at(1), 7, -1)).toBe(1);
    expect(map.vote(at(1), 8, 1)).toBe(0);
    expect(Object.values(map.find(at(1))!.votes).sort()).toEqual([-1, 1]);
    expect(map.vote(at(1), 7, 0)).toBe(-1);
    expect(map.vote(at(1), 7, 0)).toBe(0);
    expect(Object.values(map.find(at(1))!.votes)).toEqual([1]);
    // The same message id in another chat is another answer.
    expect(map.find(at(1, 555))).toBeUndefined();
  });

  it("is written atomically and survives a restart, votes included; no user id is stored", async () => {
    const file = fileIn();
    const first = openAnswerMap({ file, saveDelayMs: 10_000 });
    first.remember(at(1), page);
    first.remember(at(2), { agent: "ops", page: { path: "ops/vpn", title: "VPN" } });
    first.vote(at(1), 123456789, -1);
    // A private chat's id is its user's id: it is not stored either.
    first.remember(at(4, 987654321), page);
    expect(existsSync(file)).toBe(false);
    await first.flush();
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain("123456789");
    expect(text).not.toContain("987654321");
    expect(readdirSync(join(dir!, "feedback")).filter((f) => f.endsWith(".tmp"))).toEqual([]);

    const second = openAnswerMap({ file });
    expect(second.size()).toBe(3);
    expect(second.find(at(4, 987654321))).toMatchObject(page);
    expect(second.find(at(2))).toMatchObject({ agent: "ops", page: { path: "ops/vpn" } });
    // The same user is recognised after the restart (the salt is kept with the map).
    expect(second.vote(at(1), 123456789, -1)).toBe(-1);
    expect(second.vote(at(1), 123456789, 1)).toBe(-1);
  });

  it("writes a second after a change without being asked", async () => {
    const file = fileIn();
    const map = openAnswerMap({ file, saveDelayMs: 20 });
    map.remember(at(1), page);
    await new Promise((r) => setTimeout(r, 200));
    expect(JSON.parse(readFileSync(file, "utf8")).answers).toHaveLength(1);
  });

  it("keeps a file it cannot read aside and starts empty", async () => {
    const file = fileIn();
    const first = openAnswerMap({ file });
    first.remember(at(1), page);
    await first.flush();
    writeFileSync(file, '{"v":1,"salt":"short","answers":[]}');
    const problems: string[] = [];
    const second = openAnswerMap({ file, onProblem: (p) => problems.push(p.code) });
    expect(second.size()).toBe(0);
    expect(problems).toEqual(["answer-map-corrupt"]);
    expect(readdirSync(join(dir!, "feedback")).some((f) => f.startsWith("answers.json.corrupt-"))).toBe(true);
    writeFileSync(file, "{ not json");
    expect(openAnswerMap({ file, onProblem: (p) => problems.push(p.code) }).size()).toBe(0);
    expect(problems).toHaveLength(2);
  });

  it("drops what aged out while the gateway was stopped", async () => {
    const file = fileIn();
    let now = 1_000_000;
    const first = openAnswerMap({ file, maxAgeMs: 60_000, now: () => now });
    first.remember(at(1), page);
    now += 30_000;
    first.remember(at(2), page);
    await first.flush();
    now += 45_000;
    const second = openAnswerMap({ file, maxAgeMs: 60_000, now: () => now });
    expect(second.size()).toBe(1);
    expect(second.find(at(2))).toBeDefined();
  });
});
