import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's root folder (where package.json names "wiki-gateway"), found by walking up from
 * this module, so it is right both from dist/src/... (the CLI) and from src/... (tests in-process).
 */
export function projectRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "wiki-gateway") return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`wiki-gateway's package.json not found above ${from}`);
    dir = parent;
  }
}
