import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { brokenLinks, githubSlug, headingAnchors } from "../helpers/doc-links.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The docs a reader follows links through: the README, docs/, the benchmarks' README and their results. */
function documentation(): string[] {
  const inFolder = (folder: string) =>
    readdirSync(join(ROOT, folder))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `${folder}/${name}`);
  return ["README.md", ...inFolder("docs"), "bench/README.md", ...inFolder("bench/results")];
}

describe("the project's docs", () => {
  it("reads the README and every page of docs/", () => {
    const files = documentation();
    expect(files).toContain("README.md");
    expect(files).toContain("docs/configuration.md");
    expect(files).toContain("docs/architecture.md");
    expect(files).toContain("docs/README.md");
    expect(files).toContain("bench/README.md");
  });

  it("link only to files and headings that exist", () => {
    expect(brokenLinks(ROOT, documentation())).toEqual([]);
  });
});

describe("the link checker", () => {
  const dir = mkdtempSync(join(tmpdir(), "doc-links-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it("makes GitHub's anchors: code kept, punctuation and emoji dropped, spaces made hyphens", () => {
    expect(githubSlug("Configuration reference (`gateway.json`)")).toBe(
      "configuration-reference-gatewayjson",
    );
    expect(githubSlug("Account (`accounts.<name>`)")).toBe("account-accountsname");
    expect(githubSlug("Doctor's Redis checks")).toBe("doctors-redis-checks");
    expect(githubSlug("`report`: what the wiki does not answer")).toBe(
      "report-what-the-wiki-does-not-answer",
    );
    expect(githubSlug("Reactions 👍 as feedback")).toBe("reactions--as-feedback");
    expect(githubSlug("snake_case and Ünïcode")).toBe("snake_case-and-ünïcode");
    expect(
      headingAnchors("# A `b` _c_ [d](x)\n\n## Same\n\n## Same\n\n```sh\n# not a heading\n```\n"),
    ).toEqual(new Set(["a-b-c-d", "same", "same-1"]));
  });

  it("passes links that resolve: files, folders, anchors here and in another page, external URLs", () => {
    write("a/x.md", "# X\n\n## Part two\n");
    write("a/pic.png", "");
    write(
      "a/ok.md",
      [
        "# Ok",
        "",
        "[x](x.md) [part](x.md#part-two) [here](#ok) [folder](../a/) [pic](pic.png) ![img](pic.png)",
        "[web](https://example.com/nowhere#x) [mail](mailto:a@b.c)",
        "",
        "| table | [x](x.md#x) |",
        "| ----- | ----------- |",
        "",
        "```md",
        "[inside code](missing.md)",
        "```",
        "",
        "`[in a code span](missing.md)`",
      ].join("\n"),
    );
    expect(brokenLinks(dir, ["a/ok.md"])).toEqual([]);
  });

  it("reports every link that leads nowhere, with the reason", () => {
    write("b/x.md", "# X\n\n## Part two\n");
    write("b/data.json", "{}");
    write(
      "b/bad.md",
      [
        "# Bad",
        "",
        "[gone](gone.md) [no part](x.md#part-three) [no anchor here](#nowhere)",
        "[anchor into data](data.json#x) [out](../../outside.md)",
        "",
        "- in a list: [also gone](list/gone.md)",
        "",
        "| cell |",
        "| ---- |",
        "| [in a table](x.md#nope) |",
      ].join("\n"),
    );
    expect(brokenLinks(dir, ["b/bad.md"])).toEqual([
      { file: "b/bad.md", link: "gone.md", problem: "no such file: b/gone.md" },
      { file: "b/bad.md", link: "x.md#part-three", problem: "no heading #part-three in b/x.md" },
      { file: "b/bad.md", link: "#nowhere", problem: "no heading #nowhere in b/bad.md" },
      {
        file: "b/bad.md",
        link: "data.json#x",
        problem: "an anchor into b/data.json, which is not a Markdown file",
      },
      { file: "b/bad.md", link: "../../outside.md", problem: "points out of the repository" },
      { file: "b/bad.md", link: "list/gone.md", problem: "no such file: b/list/gone.md" },
      { file: "b/bad.md", link: "x.md#nope", problem: "no heading #nope in b/x.md" },
    ]);
  });
});
