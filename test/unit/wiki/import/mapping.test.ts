import { describe, expect, it } from "vitest";
import {
  descriptionOf,
  mapSegment,
  mapWikiPath,
  titleOf,
  wikiPathFor,
} from "../../../../src/wiki/import/mapping.js";
import { handbookDir } from "../../../../packages/sandbox/src/handbook.js";
import { listMarkdownFiles } from "../../../../src/wiki/import/list-markdown.js";

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
    ["mkfs.ext4.md", "tldr/common/mkfs-ext4"],
    ["gst-launch-1.0.md", "tldr/common/gst-launch-1-0"],
    ["..md", "tldr/common/_dot"],
    ["What? #1 & [draft].md", "tldr/common/what_question_hash_1_and_bracket_draft_close_bracket"],
    ["Café Crème.md", "tldr/common/café-crème"],
  ])("%s → %s", (file, path) => {
    expect(wikiPathFor(`common/${file}`, "tldr")).toBe(path);
  });

  it("maps every file of the team handbook, odd names and deep folders included, to a distinct valid path", async () => {
    const files = await listMarkdownFiles(handbookDir());
    const seen = new Map<string, string>();
    for (const file of files) {
      const path = wikiPathFor(file, "handbook");
      // Wiki.js refuses '.', spaces, '\\' and '//' (6005); '?', '#', '%', '[' break URLs.
      expect(path, file).toMatch(/^[\p{Ll}\p{Nd}_\-/]+$/u);
      expect(path, file).not.toMatch(/\/\/|[.\s?#%[\]\\]/);
      expect(seen.get(path!), `${file} collides`).toBeUndefined();
      seen.set(path!, file);
    }
    expect(seen.size).toBe(files.length);
    expect(seen.size).toBeGreaterThan(50);
    expect(seen.get("handbook/edge-cases/what_question_hash_1_and_bracket_draft_close_bracket")).toBe(
      "edge-cases/What? #1 & [draft].md",
    );
  });

  it("refuses a name with nothing usable in it, with the reason", () => {
    expect(mapSegment("  ")).toBe("");
    expect(wikiPathFor("common/ .md")).toBeUndefined();
    expect(mapWikiPath("common/ .md")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("no usable"),
    });
    expect(mapSegment("..")).toBe("_dot_dot");
  });

  it("refuses a first segment Wiki.js reads as a locale or a route, unless a prefix is given", () => {
    expect(mapWikiPath("fr/guide.md")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("--prefix"),
    });
    expect(mapWikiPath("x.md")).toMatchObject({ ok: false });
    expect(mapWikiPath("graphql/notes.md")).toMatchObject({ ok: false });
    expect(mapWikiPath("fr/guide.md", "docs")).toEqual({ ok: true, path: "docs/fr/guide" });
    expect(mapWikiPath("guides/setup.md")).toEqual({ ok: true, path: "guides/setup" });
  });

  it("takes the title from the first heading and the description from the quote or first paragraph", () => {
    expect(titleOf("# tar\n\n> Archiving utility.\n", "tar.md")).toBe("tar");
    expect(titleOf("no heading", "notes.md")).toBe("notes");
    expect(descriptionOf("# tar\n\n> Archiving utility.\n> More.\n")).toBe("Archiving utility.");
    expect(descriptionOf("# Guide\n\nFirst   paragraph\nwraps.\n\nSecond.")).toBe("First paragraph wraps.");
  });

  it("ignores headings and prose inside code fences and front matter", () => {
    const doc =
      "---\ntitle: x\n---\n```sh\n# not a title\n```\n\n# Real title\n\n```\ncode\n```\n\nSee [the docs](https://x.example) and `cmd`.\n";
    expect(titleOf(doc, "f.md")).toBe("Real title");
    expect(descriptionOf(doc)).toBe("See the docs and cmd.");
    expect(titleOf("Setext title\n====\n\nBody", "f.md")).toBe("Setext title");
    expect(descriptionOf("x".repeat(400)).length).toBe(255);
  });
});
