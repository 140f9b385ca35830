#!/usr/bin/env node
// The installed command: runs the compiled entry point. `ask` runs it linked into a few modules
// (dist/bundle, scripts/bundle.mjs): a one-shot command whose time is mostly Node loading modules,
// one by one (docs/performance.md, "ask"). The daemon and the other commands run dist/src as tsc
// wrote it, one file per module, as their profiles and tests name them.
if (process.argv[2] === "ask") {
  // First, before Node loads the rest: V8's optimizing compilers held off for one question.
  await import("../dist/bundle/hold-compilers.js");
  await import("../dist/bundle/main.js");
} else {
  await import("../dist/src/main.js");
}
