import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";

const setFlags = vi.hoisted(() => vi.fn());
vi.mock("node:v8", async (original) => ({
  ...(await original<typeof import("node:v8")>()),
  setFlagsFromString: setFlags,
}));

const { holdYoungGeneration, releaseYoungGeneration } = await import("../../../src/app/young-generation.js");

describe("holdYoungGeneration", () => {
  it("holds the young generation unless Node was given a size of its own, and releases only what it held", () => {
    setFlags.mockClear();
    expect(holdYoungGeneration(["--enable-source-maps"], "--no-warnings")).toBe(true);
    expect(setFlags).toHaveBeenLastCalledWith("--semi-space-growth-factor=1");
    releaseYoungGeneration();
    expect(setFlags).toHaveBeenLastCalledWith("--semi-space-growth-factor=2");
    setFlags.mockClear();
    releaseYoungGeneration();
    expect(holdYoungGeneration(["--max-semi-space-size=2"], undefined)).toBe(false);
    expect(holdYoungGeneration([], "--inspect --max-semi-space-size=8")).toBe(false);
    expect(holdYoungGeneration([], "--semi_space_growth_factor=4")).toBe(false);
    releaseYoungGeneration();
    expect(setFlags).not.toHaveBeenCalled();
  });

  it("relies on V8 reading the growth factor at run time: held, the young generation stays small; released, it grows", () => {
    const newSpace = (script: string) =>
      Number(
        execFileSync(
          process.execPath,
          [
            "-e",
            `const v8 = require("node:v8");
             const allocate = () => { const keep = []; for (let i = 0; i < 300000; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 60000) keep.splice(0, 20000); } };
             ${script}
             const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
             process.stdout.write(String(space.space_size));`,
          ],
          { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
        ),
      );
    const held = newSpace('v8.setFlagsFromString("--semi-space-growth-factor=1"); allocate();');
    const released = newSpace(
      'v8.setFlagsFromString("--semi-space-growth-factor=1"); allocate(); v8.setFlagsFromString("--semi-space-growth-factor=2"); allocate();',
    );
    expect(held).toBeLessThanOrEqual(4 * 2 ** 20);
    expect(released).toBeGreaterThan(held);
  });
});
