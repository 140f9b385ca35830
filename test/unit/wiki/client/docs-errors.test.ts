import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { WIKI_CODES, type WikiErrorCode } from "../../../../src/wiki/wiki-error.js";

const section = readFileSync(new URL("../../../../docs/wiki.md", import.meta.url), "utf8");

describe("docs/wiki.md: Wiki access", () => {
  it("has a row in the Wiki errors table for every WikiError code, and no stale ones", () => {
    const table = section.slice(section.indexOf("## Wiki errors"), section.indexOf("## Importing"));
    const documented = [...table.matchAll(/^\| `(wiki-[a-z-]+)`\s*\|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual((Object.keys(WIKI_CODES) as WikiErrorCode[]).sort());
  });

  it("names the rights the API key needs and the import command", () => {
    for (const right of ["read:pages", "manage:pages", "read:source", "write:pages"]) {
      expect(section).toContain(`\`${right}\``);
    }
    expect(section).toContain("wiki-gateway wiki import DIR [--prefix P] [--locale L] [--concurrency N]");
  });
});
