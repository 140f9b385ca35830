#!/usr/bin/env node
// The installed command: runs the compiled entry point. `ask` runs it linked into a few modules
// (dist/bundle, scripts/bundle.mjs): a one-shot command whose time is mostly Node loading modules,
// one by one (docs/performance.md, "ask"). The daemon and the other commands run dist/src as tsc
// wrote it, one file per module, as their profiles and tests name them.
await import(process.argv[2] === "ask" ? "../dist/bundle/main.js" : "../dist/src/main.js");
