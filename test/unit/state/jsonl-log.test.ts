import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createJsonlLog } from "../../../src/state/jsonl-log.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const fileIn = () => join((dir = mkdtempSync(join(tmpdir(), "wg-jsonl-log-"))), "logs", "q.jsonl");
/** The `n` of each line of a file, in order. */
const ns = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { n: number }).n);
/** One line of `{"n":NN}\n`: 9 bytes for two digits. */
const LINE = 9;

describe("JSON-lines log: the live file follows its path", () => {
  it("a live file moved away is recreated at its path with the new lines; the moved file keeps the earlier ones", async () => {
    const file = fileIn();
    const log = createJsonlLog({ file });
    log.append({ n: 10 });
    log.append({ n: 11 });
    await log.flush();
    renameSync(file, `${file}.moved`);
    log.append({ n: 12 });
    await log.flush();
    log.append({ n: 13 });
    await log.flush();
    expect(ns(`${file}.moved`)).toEqual([10, 11]);
    expect(ns(file)).toEqual([12, 13]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("a live file deleted is recreated at its path, and so is its deleted directory", async () => {
    const file = fileIn();
    const log = createJsonlLog({ file });
    log.append({ n: 10 });
    await log.flush();
    unlinkSync(file);
    log.append({ n: 11 });
    await log.flush();
    expect(ns(file)).toEqual([11]);
    rmSync(join(dir!, "logs"), { recursive: true });
    log.append({ n: 12 });
    await log.flush();
    expect(ns(file)).toEqual([12]);
  });

  it("after a move, the size is counted afresh: rotation happens at the limit of the new file", async () => {
    const file = fileIn();
    const log = createJsonlLog({ file, maxBytes: 3 * LINE, keep: 2 });
    for (const n of [10, 11]) log.append({ n });
    await log.flush();
    renameSync(file, `${file}.moved`);
    log.append({ n: 13 });
    await log.flush();
    // Counted on from the old file's 18 bytes, the live file would be full after 14 and rotate.
    for (const n of [14, 15]) log.append({ n });
    await log.flush();
    expect(ns(file)).toEqual([13, 14, 15]);
    expect(existsSync(`${file}.1`)).toBe(false);
    log.append({ n: 16 });
    await log.flush();
    expect(ns(`${file}.1`)).toEqual([13, 14, 15]);
    expect(ns(file)).toEqual([16]);
    expect(ns(`${file}.moved`)).toEqual([10, 11]);
  });

  it("a file put at the path from outside (logrotate's `create`) is appended to, its size counted from the path", async () => {
    const file = fileIn();
    const log = createJsonlLog({ file, maxBytes: 3 * LINE, keep: 2 });
    log.append({ n: 10 });
    await log.flush();
    renameSync(file, `${file}.moved`);
    writeFileSync(file, '{"n":20}\n{"n":21}\n');
    log.append({ n: 11 });
    await log.flush();
    expect(ns(file)).toEqual([20, 21, 11]);
    log.append({ n: 12 });
    await log.flush();
    expect(ns(`${file}.1`)).toEqual([20, 21, 11]);
    expect(ns(file)).toEqual([12]);
    expect(ns(`${file}.moved`)).toEqual([10]);
  });

  it("a failure goes to onError once per streak of failed writes; a written burst ends the streak", async () => {
    const file = fileIn();
    const folder = join(dir!, "logs");
    const errors: unknown[] = [];
    const log = createJsonlLog({ file, onError: (e) => errors.push(e) });
    /** Two bursts while a file stands where the log's folder should be. */
    const twoFailedBursts = async (n: number) => {
      rmSync(folder, { recursive: true, force: true });
      writeFileSync(folder, "a file where the folder should be");
      for (const m of [n, n + 1]) {
        log.append({ n: m });
        await log.flush();
      }
    };
    await twoFailedBursts(10);
    expect(errors).toHaveLength(1);
    unlinkSync(folder);
    log.append({ n: 12 });
    await log.flush();
    expect(ns(file)).toEqual([12]);
    expect(errors).toHaveLength(1);
    // The open live file's folder replaced by a file: the path check fails, a new streak begins.
    await twoFailedBursts(13);
    expect(errors).toHaveLength(2);
    // Node 20 reports the path check's ENOTDIR; Node 24 reads a file in the path as "no entry",
    // so the reopen's mkdir meets the file instead (EEXIST). Either way the folder is a file.
    expect(["ENOTDIR", "EEXIST"]).toContain((errors[1] as NodeJS.ErrnoException).code);
  });
});
