// The demo as the scripts run it (built, from packages/sandbox/dist): in `dir`, on free ports, its
// daemon's JSON log drained, nothing printed. `extra`: more demo options (a model).
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export async function startQuietDemo(dir, signal, extra = {}) {
  const { startDemo } = await import(
    join(root, "packages/sandbox/dist/packages/sandbox/src/demo/run-demo.js")
  );
  return startDemo({
    dir,
    httpPort: 0,
    webPort: 0,
    out: () => {},
    signal,
    daemonOutput: "pipe",
    logFormat: "json",
    ...extra,
  });
}
