import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The repository paths (from its root) that bin/wiki-gateway.js imports. */
function binImports(): string[] {
  const bin = readFileSync(`${ROOT}bin/wiki-gateway.js`, "utf8");
  return [...bin.matchAll(/import\(?\s*["']\.\.\/([^"']+)["']/g)].map((m) => m[1]!);
}

describe("the installed package (package.json `files`)", () => {
  it("holds every module the installed command imports, dist/bundle (`ask`) as well as dist/src", () => {
    const files = (JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { files: string[] }).files;
    const imports = binImports();
    expect(imports).toContain("dist/src/main.js");
    const missing = imports.filter((path) => !files.some((f) => path === f || path.startsWith(`${f}/`)));
    expect(missing).toEqual([]);
  });
});
