import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";

const setFlags = vi.hoisted(() => vi.fn());
vi.mock("node:v8", async (original) => ({
  ...(await original<typeof import("node:v8")>()),
  setFlagsFromString: setFlags,
}));

const { fixYoungGeneration } = await import("../../../src/cli/young-generation.js");

describe("fixYoungGeneration", () => {
  it("stops the young generation's growth unless Node was given a size of its own", () => {
    setFlags.mockClear();
    expect(fixYoungGeneration(["--enable-source-maps"], "--no-warnings")).toBe(true);
    expect(setFlags).toHaveBeenCalledWith("--semi-space-growth-factor=1");
    setFlags.mockClear();
    expect(fixYoungGeneration(["--max-semi-space-size=2"], undefined)).toBe(false);
    expect(fixYoungGeneration([], "--inspect --max-semi-space-size=8")).toBe(false);
    expect(fixYoungGeneration([], "--semi_space_growth_factor=4")).toBe(false);
    expect(setFlags).not.toHaveBeenCalled();
  });

  it("relies on V8 reading the growth factor at run time: set after start, the young generation stays small", () => {
    const probe = (setFirst: boolean) =>
      Number(
        execFileSync(
          process.execPath,
          [
            "-e",
            `const v8 = require("node:v8");
             ${setFirst ? 'v8.setFlagsFromString("--semi-space-growth-factor=1");' : ""}
             const keep = [];
             for (let i = 0; i < 300000; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 60000) keep.splice(0, 20000); }
             const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
             process.stdout.write(String(space.space_size));`,
          ],
          { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
        ),
      );
    const fixed = probe(true);
    const grown = probe(false);
    expect(fixed).toBeLessThanOrEqual(4 * 2 ** 20);
    expect(grown).toBeGreaterThan(fixed);
  });
});
