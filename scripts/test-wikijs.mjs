#!/usr/bin/env node
// `npm run test:wikijs`: the wiki contract suite (test/contract/wiki-contract.ts) against a real
// Wiki.js 2.5, once per database (WIKIJS_DBS, default "sqlite postgres"). The server comes from
// the fixture beside the repository (WIKIJS_SOURCE, default ../shared/wikijs/2.5.314), installed
// into a cache directory (WIKIJS_CACHE, default ~/.cache/wiki-gateway/wikijs). Without the fixture
// it says in one line what was not run, and fails only under CI=true.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const source = resolve(process.env.WIKIJS_SOURCE ?? join(root, "..", "shared", "wikijs", "2.5.314"));
const ci = process.env.CI === "true" || process.env.CI === "1";

if (!existsSync(join(source, "server", "index.js"))) {
  console.log(
    `test:wikijs: NOT RUN — no Wiki.js fixture at ${source} (set WIKIJS_SOURCE to a Wiki.js 2.5.314 server tree)`,
  );
  process.exit(ci ? 1 : 0);
}

const databases = (process.env.WIKIJS_DBS ?? "sqlite postgres").split(/[\s,]+/).filter(Boolean);
const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const timings = [];
let failed = false;
for (const db of databases) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [vitest, "run", "--config", "vitest.wikijs.config.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, WIKIJS_DB: db, WIKIJS_SOURCE: source },
  });
  const seconds = (performance.now() - started) / 1000;
  timings.push(`${db} ${run.status === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(0)} s`);
  if (run.status !== 0) failed = true;
}
console.log(`test:wikijs: ${timings.join("; ")}`);
process.exit(failed ? 1 : 0);
