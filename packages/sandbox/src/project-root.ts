import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of the package named `name` (the nearest package.json above `from` that names it),
 * so paths are right both from the sources (tests in-process) and from the compiled dist.
 */
export function packageRoot(name: string, from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const manifestName = (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name;
      if (manifestName === name) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${name}'s package.json not found above ${from}`);
    dir = parent;
  }
}

/** The repository checkout's root: the gateway itself (bin/, dist/, README.md, docs/). */
export function projectRoot(): string {
  return packageRoot("wiki-gateway");
}

/** This package's own folder (its dist/web holds the built chat page). */
export function sandboxRoot(): string {
  return packageRoot("@wiki-gateway/sandbox");
}
