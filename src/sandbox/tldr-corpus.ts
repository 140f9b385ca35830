import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { GatewayError } from "../errors.js";
import { projectRoot } from "./demo/project-root.js";

/** Where the tldr corpus was found: a folder holding `common/` (and `linux/`, `osx/`, ...). */
export interface TldrCorpus {
  dir: string;
  /** How it was found, for messages: "TLDR_DIR" or "../shared/corpus/tldr". */
  via: string;
}

const HOW_TO_GET =
  "clone https://github.com/tldr-pages/tldr and set TLDR_DIR to the checkout, or place the pages at ../shared/corpus/tldr beside the project";

/**
 * The tldr corpus (CC-BY pages) that the benchmarks, the answer-quality evaluation and the demo use;
 * the tests never need it. Looked up in order:
 * - `TLDR_DIR`: a checkout of tldr-pages (pages under `pages/common`, ...) or a folder holding
 *   `common/` itself. Set but not such a folder: a GatewayError saying what is wrong.
 * - `../shared/corpus/tldr` beside the project's root.
 * Undefined when neither holds it.
 */
export function findTldrCorpus(
  env: Record<string, string | undefined> = process.env,
  root: string = projectRoot(),
): TldrCorpus | undefined {
  const configured = env.TLDR_DIR?.trim();
  if (configured) {
    const dir = resolve(configured);
    for (const candidate of [join(dir, "pages"), dir]) {
      if (existsSync(join(candidate, "common"))) return { dir: candidate, via: "TLDR_DIR" };
    }
    throw new GatewayError(
      "tldr-corpus-missing",
      `TLDR_DIR=${configured} holds neither pages/common/ nor common/`,
      `point TLDR_DIR at a checkout of https://github.com/tldr-pages/tldr, or unset it to use ../shared/corpus/tldr`,
    );
  }
  const beside = resolve(root, "..", "shared", "corpus", "tldr");
  return existsSync(join(beside, "common")) ? { dir: beside, via: "../shared/corpus/tldr" } : undefined;
}

/** findTldrCorpus, or a GatewayError naming both places it looked and how to get the corpus. */
export function requireTldrCorpus(
  env: Record<string, string | undefined> = process.env,
  root: string = projectRoot(),
): TldrCorpus {
  const found = findTldrCorpus(env, root);
  if (found) return found;
  throw new GatewayError(
    "tldr-corpus-missing",
    `the tldr corpus is missing: TLDR_DIR is not set and ${resolve(root, "..", "shared", "corpus", "tldr")} does not exist`,
    HOW_TO_GET,
  );
}
