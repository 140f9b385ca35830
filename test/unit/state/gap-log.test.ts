import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGapLog, GAP_QUESTION_MAX, readGapLog } from "../../../src/state/gap-log.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const fileIn = () => join((dir = mkdtempSync(join(tmpdir(), "wg-gaps-"))), "gaps", "questions.jsonl");

describe("gap log", () => {
  it("appends records that read back through the validator, oldest first", async () => {
    const file = fileIn();
    const log = createGapLog({ file });
    log.append({ agent: "main", kind: "nothing", question: "  what is a lattice?  ", at: new Date("2026-11-01T00:00:00Z") });
    log.append({ agent: "main", kind: "tapped", question: "printer", page: { path: "it/printers", title: "Printers" } });
    await log.flush();
    const { records, invalid } = await readGapLog(file);
    expect(invalid).toBe(0);
    expect(records).toEqual([
      { v: 1, at: "2026-11-01T00:00:00.000Z", agent: "main", kind: "nothing", question: "what is a lattice?" },
      expect.objectContaining({ kind: "tapped", question: "printer", page: { path: "it/printers", title: "Printers" } }),
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("cuts long questions and skips lines that are not records", async () => {
    const file = fileIn();
    const log = createGapLog({ file });
    log.append({ agent: "main", kind: "choices", question: "x".repeat(1000) });
    await log.flush();
    writeFileSync(file, `${readFileSync(file, "utf8")}{"v":1,"at":"nope"}\n{broken\n`, { flag: "w" });
    const { records, invalid } = await readGapLog(file);
    expect(records[0]!.question).toHaveLength(GAP_QUESTION_MAX);
    expect(invalid).toBe(2);
  });

  it("rotates by size and stays bounded: the oldest rotated file is dropped", async () => {
    const file = fileIn();
    const log = createGapLog({ file, maxBytes: 400, keep: 2 });
    for (let i = 0; i < 40; i++) log.append({ agent: "main", kind: "nothing", question: `question number ${i}` });
    await log.flush();
    expect(existsSync(`${file}.1`)).toBe(true);
    expect(existsSync(`${file}.2`)).toBe(true);
    expect(existsSync(`${file}.3`)).toBe(false);
    for (const f of [file, `${file}.1`, `${file}.2`]) expect(statSync(f).size).toBeLessThanOrEqual(400);
    const { records } = await readGapLog(file, 2);
    const numbers = records.map((r) => Number(r.question.split(" ").at(-1)));
    // The newest records survive, in order; the oldest were rotated out.
    expect(numbers.at(-1)).toBe(39);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers[0]).toBeGreaterThan(0);
    expect(numbers.length).toBeLessThan(40);
  });

  it("a write failure is reported, never thrown, and later writes go on", async () => {
    const file = fileIn();
    writeFileSync(join(dir!, "gaps"), "a file where the folder should be");
    const errors: unknown[] = [];
    const log = createGapLog({ file, onError: (e) => errors.push(e) });
    log.append({ agent: "main", kind: "nothing", question: "q" });
    await log.flush();
    expect(errors).toHaveLength(1);
  });
});
