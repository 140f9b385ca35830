#!/usr/bin/env node
// `npm run build:product` (after tsc): links the compiled entry point (dist/src/main.js) into
// dist/bundle/, the build `ask` runs (see bin/wiki-gateway.js and docs/performance.md, "ask").
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUNDLE_DIR = `${ROOT}dist/bundle`;

/**
 * Packages linked into the bundle; every other package stays an import of node_modules, as in
 * dist/src. zod is 95 modules (every entry point loads its 80 locales), each a separate load for
 * Node's ESM loader; linked, the locales `ask` never uses are left out.
 */
const LINKED_PACKAGES = /^zod(\/|$)/;

/**
 * One module per entry point and per module loaded on demand (a dynamic `import()` stays one:
 * the daemon's modules, the model clients, the GraphQL client are still loaded only when needed),
 * with the modules they share in common chunks. The code is the tsc output, unchanged but linked.
 */
async function bundle() {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  await build({
    // hold-start: what bin/wiki-gateway.js runs before main for `ask` (src/cli/hold-start.ts).
    entryPoints: {
      main: `${ROOT}dist/src/main.js`,
      "hold-start": `${ROOT}dist/src/cli/hold-start.js`,
    },
    outdir: BUNDLE_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    chunkNames: "[name]-[hash]",
    logLevel: "warning",
    plugins: [
      {
        name: "packages-from-node-modules",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            LINKED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

await bundle();
