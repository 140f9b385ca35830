import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { descriptionOf, mapSegment, titleOf, wikiPathFor } from "../../../../src/wiki/import/mapping.js";
import { tldrRoot } from "../../../helpers/memory-wiki.js";

describe("wiki import mapping", () => {
  it.each([
    ["!.md", "tldr/common/_bang"],
    ["$.md", "tldr/common/_dollar"],
    ["%.md", "tldr/common/_percent"],
    ["[.md", "tldr/common/_bracket"],
    ["[[.md", "tldr/common/_bracket_bracket"],
    ["].md", "tldr/common/_close_bracket"],
    ["c++.md", "tldr/common/c_plus_plus"],
    ["mklost+found.md", "tldr/common/mklost_plus_found"],
    ["Docker Compose.md", "tldr/common/docker-compose"],
    ["tar.md", "tldr/common/tar"],
  ])("%s → %s", (file, path) => {
    expect(wikiPathFor(`common/${file}`, "tldr")).toBe(path);
  });

  it("maps every file of the tldr corpus to a distinct valid path", () => {
    const root = tldrRoot();
    const seen = new Map<string, string>();
    for (const folder of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(join(root, folder.name))) {
        if (!file.endsWith(".md")) continue;
        const path = wikiPathFor(`${folder.name}/${file}`, "tldr");
        expect(path, file).toMatch(/^[a-z0-9_.\-/]+$/);
        expect(seen.get(path!), `${file} collides`).toBeUndefined();
        seen.set(path!, file);
      }
    }
    expect(seen.size).toBeGreaterThan(6000);
  });

  it("refuses a name with nothing usable in it", () => {
    expect(mapSegment("  ")).toBe("");
    expect(wikiPathFor("common/ .md")).toBeUndefined();
    expect(mapSegment("..")).toBe("_dot_dot");
  });

  it("takes the title from the first heading and the description from the quote or first paragraph", () => {
    expect(titleOf("# tar\n\n> Archiving utility.\n", "tar.md")).toBe("tar");
    expect(titleOf("no heading", "notes.md")).toBe("notes");
    expect(descriptionOf("# tar\n\n> Archiving utility.\n> More.\n")).toBe("Archiving utility.");
    expect(descriptionOf("# Guide\n\nFirst   paragraph\nwraps.\n\nSecond.")).toBe("First paragraph wraps.");
  });
});
