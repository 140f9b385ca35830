import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createJsonLinesFile } from "../../../src/state/json-lines-file.js";

const file = () => join(mkdtempSync(join(tmpdir(), "wg-jsonl-")), "sub", "f.jsonl");
const schema = z.strictObject({ n: z.number() });
const ns = (path: string) =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => (JSON.parse(l) as { n: number }).n);

describe("JSON-lines file", () => {
  it("keeps the order of a burst of appends around a rewrite", async () => {
    const path = file();
    const f = createJsonLinesFile({ file: path, schema });
    for (let n = 1; n <= 50; n++) f.append({ n });
    f.replace([{ n: 100 }, { n: 101 }]);
    for (let n = 102; n <= 120; n++) f.append({ n });
    await f.flush();
    expect(ns(path)).toEqual([100, 101, ...Array.from({ length: 19 }, (_, i) => 102 + i)]);
    for (let n = 121; n <= 130; n++) f.append({ n });
    await f.flush();
    expect(ns(path).at(-1)).toBe(130);
    expect(f.readAll().records).toHaveLength(31);
  });
});
