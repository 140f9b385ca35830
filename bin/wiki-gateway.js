#!/usr/bin/env node
// The installed command: runs the compiled entry point. `ask` runs it linked into a few modules
// (dist/bundle, scripts/bundle.mjs): a one-shot command whose time is mostly Node loading modules,
// one by one (docs/performance.md, "ask"). The daemon and the other commands run dist/src as tsc
// wrote it, one file per module, as their profiles and tests name them.
import { statSync } from "node:fs";

/**
 * Whether dist/bundle was linked from today's dist/src: false when it is missing, or older than
 * dist/src/main.js (a `tsc` run since the last `npm run build`); `ask` then runs dist/src.
 */
function bundleIsCurrent() {
  const modified = (path) => statSync(new URL(path, import.meta.url), { throwIfNoEntry: false })?.mtimeMs;
  const bundle = modified("../dist/bundle/main.js");
  return bundle !== undefined && bundle >= (modified("../dist/src/main.js") ?? Infinity);
}

if (process.argv[2] === "ask" && bundleIsCurrent()) {
  // First, before Node loads the rest: V8's flags for the start (src/cli/hold-start.ts).
  await import("../dist/bundle/hold-start.js");
  await import("../dist/bundle/main.js");
} else {
  await import("../dist/src/main.js");
}
