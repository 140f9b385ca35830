import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findTldrCorpus, requireTldrCorpus } from "../../../packages/sandbox/src/tldr-corpus.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder with a project root inside it, so `<root>/../shared/corpus/tldr` stays within the test. */
function world(): { base: string; root: string } {
  const base = mkdtempSync(join(tmpdir(), "wg-tldr-"));
  dirs.push(base);
  const root = join(base, "wiki-gateway");
  mkdirSync(root);
  return { base, root };
}

describe("finding the tldr corpus", () => {
  it("uses TLDR_DIR: a tldr-pages checkout (pages/common) or a folder holding common/", () => {
    const { base, root } = world();
    mkdirSync(join(base, "checkout", "pages", "common"), { recursive: true });
    mkdirSync(join(base, "flat", "common"), { recursive: true });
    expect(findTldrCorpus({ TLDR_DIR: join(base, "checkout") }, root)).toEqual({
      dir: join(base, "checkout", "pages"),
      via: "TLDR_DIR",
    });
    expect(findTldrCorpus({ TLDR_DIR: join(base, "flat") }, root)?.dir).toBe(join(base, "flat"));
  });

  it("a TLDR_DIR without pages is an error that says what to point it at", () => {
    const { base, root } = world();
    expect(() => findTldrCorpus({ TLDR_DIR: base }, root)).toThrow(
      /holds neither pages\/common\/ nor common\//,
    );
    try {
      findTldrCorpus({ TLDR_DIR: base }, root);
    } catch (error) {
      expect(error).toMatchObject({
        code: "tldr-corpus-missing",
        remedy: expect.stringContaining("tldr-pages"),
      });
    }
  });

  it("falls back to ../shared/corpus/tldr beside the project, and says clearly when neither exists", () => {
    const { base, root } = world();
    expect(findTldrCorpus({}, root)).toBeUndefined();
    expect(() => requireTldrCorpus({}, root)).toThrow(
      /the tldr corpus is missing: TLDR_DIR is not set and .* does not exist/,
    );
    mkdirSync(join(base, "shared", "corpus", "tldr", "common"), { recursive: true });
    expect(requireTldrCorpus({}, root)).toEqual({
      dir: join(base, "shared", "corpus", "tldr"),
      via: "../shared/corpus/tldr",
    });
  });
});
