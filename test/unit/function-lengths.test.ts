import { describe, expect, it } from "vitest";
import { functionLengths } from "../../scripts/function-lengths.mjs";

/** No function of src/ spans more than this many lines (a longer one is several concepts). */
const MOST_LINES = 150;

describe("function lengths in src/", () => {
  const all = functionLengths();

  it("reads the real tree (functions of several files, each with its span)", () => {
    expect(all.length).toBeGreaterThan(500);
    expect(all.find((f) => f.name === "createOwnership")?.file).toBe("cluster/ownership.ts");
  });

  it(`has no function over ${MOST_LINES} lines`, () => {
    const long = all
      .filter((f) => f.lines > MOST_LINES)
      .map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(long).toEqual([]);
  });
});
