import { describe, expect, it } from "vitest";
import { splitPassages } from "../../../../src/wiki/search-index/passages.js";

const TAR = `# tar

> Archiving utility.
> More information: <https://www.gnu.org/software/tar/manual/tar.html>.

- [c]reate an archive and write it to a [f]ile:

\`tar cf {{path/to/target.tar}} {{path/to/file1}}\`

- E[x]tract a (compressed) archive [f]ile into the current directory [v]erbosely:

\`tar xvf {{path/to/source.tar[.gz|.bz2|.xz]}}\`
`;

describe("splitPassages", () => {
  it("keeps each tldr item with its command, and the summary apart", () => {
    const passages = splitPassages(TAR, { title: "tar" });
    expect(passages.map((p) => p.markdown)).toEqual([
      "> Archiving utility.\n> More information: <https://www.gnu.org/software/tar/manual/tar.html>.",
      "- [c]reate an archive and write it to a [f]ile:\n\n`tar cf {{path/to/target.tar}} {{path/to/file1}}`",
      "- E[x]tract a (compressed) archive [f]ile into the current directory [v]erbosely:\n\n`tar xvf {{path/to/source.tar[.gz|.bz2|.xz]}}`",
    ]);
    expect(passages.map((p) => p.index)).toEqual([0, 1, 2]);
  });

  it("indexes prose without key hints or URLs, and code apart", () => {
    const [intro, , extract] = splitPassages(TAR, { title: "tar" });
    expect(intro!.text).not.toContain("gnu.org");
    expect(extract!.text).toContain("Extract a (compressed) archive file");
    expect(extract!.text).not.toContain("tar xvf");
    expect(extract!.code).toContain("tar xvf");
  });

  it("groups a list with its intro line and cuts sections at headings", () => {
    const md = [
      "# Guide",
      "",
      "Intro paragraph.",
      "",
      "## Install",
      "",
      "You need:",
      "",
      "- node",
      "- npm",
      "",
      "Run this:",
      "",
      "```sh",
      "npm install",
      "```",
      "",
      "### On Linux",
      "",
      "Use the package manager.",
      "",
      "## Use",
      "",
      "Plain text.",
    ].join("\n");
    const passages = splitPassages(md, { title: "Guide" });
    expect(passages.map((p) => [p.heading, p.markdown])).toEqual([
      ["", "Intro paragraph."],
      ["Install", "You need:\n\n- node\n- npm"],
      ["Install", "Run this:\n\n```sh\nnpm install\n```"],
      ["Install › On Linux", "Use the package manager."],
      ["Use", "Plain text."],
    ]);
  });

  it("never cuts a code fence, even one full of blank lines and list markers", () => {
    const md = "Example:\n\n```\n- not a list\n\n# not a heading\n```\n";
    const passages = splitPassages(md, { title: "x" });
    expect(passages).toHaveLength(1);
    expect(passages[0]!.markdown).toBe("Example:\n\n```\n- not a list\n\n# not a heading\n```");
  });

  it("splits a very long list between items", () => {
    const items = Array.from({ length: 80 }, (_, i) => `- item number ${i} with some words to fill the line`);
    const passages = splitPassages(`Steps:\n\n${items.join("\n")}`, { title: "x" });
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) expect(p.markdown.length).toBeLessThanOrEqual(1600);
    expect(passages.map((p) => p.markdown).join("\n")).toContain("item number 79");
  });

  it("gives an empty page one passage holding its description", () => {
    expect(splitPassages("", { title: "Empty", description: "Nothing yet" })).toEqual([
      { index: 0, heading: "", markdown: "Nothing yet", text: "Nothing yet", code: "" },
    ]);
  });
});
