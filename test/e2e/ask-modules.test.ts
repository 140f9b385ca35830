import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * `ask` runs the linked build (dist/bundle, scripts/bundle.mjs): the modules the command loads are
 * recorded by a resolve hook (test/helpers/module-log.mjs). What a one-shot answer from a fresh
 * saved index must not pay for: the per-file build, zod's modules one by one, the daemon's and
 * the wiki client's packages, V8's optimizing compilers.
 */
const HOOK = fileURLToPath(new URL("../helpers/module-log.mjs", import.meta.url));

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function askLogged(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; urls: string[] }> {
  const file = join(mkdtempSync(join(tmpdir(), "wg-modules-")), "modules.log");
  const run = await runCliProcess(["ask", "how do I restore a backup?"], {
    ...env,
    NODE_OPTIONS: `--import=${HOOK}`,
    MODULE_LOG: file,
  });
  const urls = readFileSync(file, "utf8").split("\n").filter(Boolean);
  return { code: run.code, stdout: run.stdout, urls };
}

describe("what `ask` loads", () => {
  it("answers from the linked build, with zod linked in and no daemon or wiki-client package", async () => {
    stack = await startStack({ accounts: ["default"] });
    const first = await runCliProcess(["ask", "how do I restore a backup?"], stack.env); // builds and saves the index
    expect(first.code).toBe(0);
    const { code, stdout, urls } = await askLogged(stack.env);
    expect(code).toBe(0);
    expect(stdout).toContain("restore --latest");
    const product = urls.filter((u) => u.startsWith("file:") && !u.includes("/node_modules/"));
    // The optimizing compilers are held (cli/hold-compilers.ts) before the program itself loads.
    const hold = product.findIndex((u) => u.endsWith("/dist/bundle/hold-compilers.js"));
    expect(hold).toBeGreaterThanOrEqual(0);
    expect(product.findIndex((u) => u.endsWith("/dist/bundle/main.js"))).toBeGreaterThan(hold);
    expect(product.some((u) => /\/dist\/bundle\/ask-\w+\.js$/.test(u))).toBe(true);
    expect(product.filter((u) => u.includes("/dist/src/"))).toEqual([]);
    const packages = new Set(
      urls.map((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]).filter((p) => p !== undefined),
    );
    expect([...packages].filter((p) => p === "zod")).toEqual([]);
    const daemonOrClient = [
      "grammy",
      "@grammyjs/runner",
      "pino",
      "prom-client",
      "@redis/client",
      "graphql-request",
    ];
    expect(daemonOrClient.filter((p) => packages.has(p))).toEqual([]);
    // The chunks of modules loaded on demand stay unloaded: the daemon, the model clients.
    expect(
      product.filter((u) => /\/dist\/bundle\/(start|gateway|ask-models|cluster)-\w+\.js$/.test(u)),
    ).toEqual([]);
  }, 60_000);
});
