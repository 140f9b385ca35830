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
const PROBE = fileURLToPath(new URL("../helpers/compiler-probe.mjs", import.meta.url));
const QUESTION = "how do I restore a backup?";

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/**
 * `ask` with one question (and `flags`), recording the modules it loads and whether V8's optimizing
 * compilers are on as it exits (test/helpers/compiler-probe.mjs).
 */
async function askLogged(
  env: Record<string, string>,
  flags: string[] = [],
): Promise<{ code: number; stdout: string; urls: string[]; compilers: string }> {
  const dir = mkdtempSync(join(tmpdir(), "wg-modules-"));
  const run = await runCliProcess(
    ["ask", ...flags, QUESTION],
    {
      ...env,
      NODE_OPTIONS: `--import=${HOOK}`,
      MODULE_LOG: join(dir, "modules.log"),
      COMPILER_PROBE: join(dir, "probe"),
    },
    30_000,
    ["--allow-natives-syntax", `--import=${PROBE}`],
  );
  const urls = readFileSync(join(dir, "modules.log"), "utf8").split("\n").filter(Boolean);
  const compilers = readFileSync(join(dir, "probe"), "utf8");
  return { code: run.code, stdout: run.stdout, urls, compilers };
}

describe("what `ask` loads", () => {
  it("answers from the linked build, with zod linked in and no daemon or wiki-client package", async () => {
    stack = await startStack({ accounts: ["default"] });
    const first = await runCliProcess(["ask", QUESTION], stack.env); // builds and saves the index
    expect(first.code).toBe(0);
    const { code, stdout, urls, compilers } = await askLogged(stack.env);
    expect(code).toBe(0);
    expect(compilers).toBe("held");
    expect(stdout).toContain("restore --latest");
    const product = urls.filter((u) => u.startsWith("file:") && !u.includes("/node_modules/"));
    // V8's flags for the start are set (cli/hold-start.ts) before the program itself loads.
    const hold = product.findIndex((u) => u.endsWith("/dist/bundle/hold-start.js"));
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

describe("V8's optimizing compilers in a one-question `ask`", () => {
  it("are held while it answers from a fresh saved index, and on while it builds or refreshes one", async () => {
    stack = await startStack({ accounts: ["default"] });
    const build = await askLogged(stack.env); // no saved index: builds it
    expect(build.code).toBe(0);
    expect(build.compilers).toBe("optimized");
    const fresh = await askLogged(stack.env);
    expect(fresh.stdout).toContain("restore --latest");
    expect(fresh.compilers).toBe("held");
    const refresh = await askLogged(stack.env, ["--refresh"]);
    expect(refresh.code).toBe(0);
    expect(refresh.compilers).toBe("optimized");
  }, 60_000);
});
