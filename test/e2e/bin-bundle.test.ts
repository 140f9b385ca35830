import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Which build bin/wiki-gateway.js runs: the real bin in a copy of the package's layout whose
 * dist/src and dist/bundle are stand-ins that print their name, so the choice alone is tested.
 */
const BIN = fileURLToPath(new URL("../../bin/wiki-gateway.js", import.meta.url));

function layout(bundle: "missing" | "older" | "newer"): string {
  const root = mkdtempSync(join(tmpdir(), "wg-bin-"));
  mkdirSync(join(root, "bin"));
  copyFileSync(BIN, join(root, "bin/wiki-gateway.js"));
  writeFileSync(join(root, "package.json"), '{ "type": "module" }\n');
  mkdirSync(join(root, "dist/src"), { recursive: true });
  writeFileSync(join(root, "dist/src/main.js"), 'console.log("src");\n');
  if (bundle !== "missing") {
    mkdirSync(join(root, "dist/bundle"));
    writeFileSync(join(root, "dist/bundle/hold-start.js"), 'console.log("bundle hold-start");\n');
    writeFileSync(join(root, "dist/bundle/main.js"), 'console.log("bundle");\n');
    const src = new Date("2026-01-02T00:00:00Z");
    const linked = new Date(src.getTime() + (bundle === "newer" ? 1000 : -1000));
    utimesSync(join(root, "dist/src/main.js"), src, src);
    utimesSync(join(root, "dist/bundle/main.js"), linked, linked);
  }
  return root;
}

const run = (root: string, ...args: string[]) =>
  execFileSync(process.execPath, [join(root, "bin/wiki-gateway.js"), ...args], { encoding: "utf8" });

describe("bin/wiki-gateway.js", () => {
  it("runs `ask` linked (dist/bundle, its start flags first) when the bundle is as new as dist/src", () => {
    expect(run(layout("newer"), "ask", "a question")).toBe("bundle hold-start\nbundle\n");
  });

  it("runs `ask` from dist/src when dist/bundle is missing or older than dist/src (a bare tsc)", () => {
    expect(run(layout("missing"), "ask", "a question")).toBe("src\n");
    expect(run(layout("older"), "ask", "a question")).toBe("src\n");
  });

  it("runs every other command from dist/src", () => {
    expect(run(layout("newer"), "status")).toBe("src\n");
  });
});
