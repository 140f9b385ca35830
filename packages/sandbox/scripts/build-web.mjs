// Bundles the demo chat page (src/web) into this package's dist/web: plain HTML/CSS and one ES module,
// built at build time with esbuild; nothing is fetched from a CDN at run time.
import { cpSync, mkdirSync } from "node:fs";
import { build } from "esbuild";

const out = new URL("../dist/web/", import.meta.url);
mkdirSync(out, { recursive: true });
cpSync(new URL("../src/web/static/", import.meta.url), out, { recursive: true });
await build({
  entryPoints: [new URL("../src/web/client/main.ts", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: true,
  outfile: new URL("chat.js", out).pathname,
  logLevel: "warning",
});
