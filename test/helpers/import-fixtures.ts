import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { SandboxWiki } from "../../packages/sandbox/src/wiki/index.js";

/**
 * For import tests: temporary folders and sandbox wikis made during a test, all removed and
 * closed after it.
 */
export function importFixtures(prefix: string): { tempDir(): string; keep(wiki: SandboxWiki): void } {
  const wikis: SandboxWiki[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(wikis.splice(0).map((w) => w.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    tempDir() {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    keep: (wiki) => void wikis.push(wiki),
  };
}
