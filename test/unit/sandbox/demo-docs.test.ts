import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectDocsAsPages } from "../../../packages/sandbox/src/demo/demo-docs.js";

describe("the project's docs as demo wiki pages", () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("leaves out a README image and the caption that speaks of it, and keeps the rest", async () => {
    root = await mkdtemp(join(tmpdir(), "demo-docs-"));
    await writeFile(
      join(root, "README.md"),
      [
        "# tool",
        "",
        "Intro.",
        "",
        "## Quick start",
        "",
        "```sh",
        "npm run demo",
        "```",
        "",
        "![A screenshot](docs/shot.png)",
        "",
        "_The chat page of `npm run demo`: a question answered._",
        "",
        "_Emphasis that is not a caption stays._",
        "",
      ].join("\n"),
    );
    const pages = await projectDocsAsPages(root);
    const start = pages.find((p) => p.path === "gateway/quick-start");
    expect(start?.content).toContain("npm run demo\n```");
    expect(start?.content).not.toContain("screenshot");
    expect(start?.content).not.toContain("The chat page");
    expect(start?.content).toContain("_Emphasis that is not a caption stays._");
  });
});
