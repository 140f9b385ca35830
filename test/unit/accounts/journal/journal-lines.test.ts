import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { readJournalLines } from "../../../../src/accounts/journal/journal-lines.js";
import { openJournal } from "../../../../src/accounts/journal/journal.js";
import { journalFile, textUpdate } from "../fixtures.js";

const u = (id: number) => JSON.stringify({ t: "u", id, u: textUpdate(id) });

describe("journal lines read back", () => {
  it("keeps every valid line and ignores a torn last line without calling it damage", () => {
    const read = readJournalLines(`${u(1)}\n${u(2)}\n{"t":"d","id":1`);
    expect(read.lines.map((l) => l.t)).toEqual(["u", "u"]);
    expect(read.damaged).toEqual([]);
  });

  it("reports lines that are not journal events (bad JSON, unknown kind, wrong fields) by number", () => {
    const text = [
      u(1),
      "not json",
      JSON.stringify({ t: "x", id: 1 }),
      JSON.stringify({ t: "s", id: 1, c: -1 }),
      JSON.stringify({ t: "u", id: 2, u: { message: {} } }),
      JSON.stringify({ t: "u", id: 3, u: textUpdate(4) }),
      JSON.stringify({ t: "d", id: 1 }),
      "",
    ].join("\n");
    const read = readJournalLines(text);
    expect(read.damaged).toEqual([2, 3, 4, 5, 6]);
    expect(read.lines).toEqual([
      { t: "u", id: 1, u: textUpdate(1) },
      { t: "d", id: 1 },
    ]);
  });

  it("reads a torn last line back as unfinished work lost by no one: the update before it replays", async () => {
    const file = journalFile();
    const j = openJournal(file, { durable: false });
    j.record([textUpdate(1)]);
    j.markSending(1, 0);
    await j.close();
    appendFileSync(file, '{"t":"s","id":1,"c"'); // the kill -9 hit while marking the chunk sent
    const again = openJournal(file, { durable: false });
    expect(again.damage).toBeUndefined();
    expect(again.unfinished.map((e) => [e.updateId, [...e.ambiguous]])).toEqual([[1, [0]]]);
    await again.close();
  });

  it("keeps a damaged file as found, says so with a remedy, and goes on with what it could read", async () => {
    const file = journalFile();
    const j = openJournal(file, { durable: false });
    j.record([textUpdate(1), textUpdate(2)]);
    await j.close();
    const found = `${readFileSync(file, "utf8")}garbage from another program\n${u(3)}\n`;
    writeFileSync(file, found);
    const again = openJournal(file, { durable: false });
    expect(again.damage).toMatchObject({ code: "journal-damaged", lines: [4] });
    expect(again.damage?.remedy).toContain(again.damage!.keptAs);
    expect(readFileSync(again.damage!.keptAs, "utf8")).toBe(found);
    expect(again.unfinished.map((e) => e.updateId)).toEqual([1, 2, 3]);
    await again.close();
    expect(readdirSync(dirname(file)).filter((f) => f.includes(".damaged-"))).toHaveLength(1);
  });

  it("keeps a foreign file whole instead of emptying it", async () => {
    const file = journalFile();
    writeFileSync(file, "line one\nline two\nline three\n");
    const j = openJournal(file, { durable: false });
    expect(j.damage?.lines).toEqual([1, 2, 3]);
    expect(readFileSync(j.damage!.keptAs, "utf8")).toBe("line one\nline two\nline three\n");
    expect(j.unfinished).toEqual([]);
    await j.close();
  });
});
