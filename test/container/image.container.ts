import { describe, expect, inject, it } from "vitest";
import { podman, podmanOk } from "./podman.js";

const image = inject("containerImage");

interface ImageConfig {
  User?: string;
  Env?: string[];
  ExposedPorts?: Record<string, unknown>;
  Volumes?: Record<string, unknown>;
  Entrypoint?: string[];
  Cmd?: string[];
  StopSignal?: string;
}

describe("the container image", () => {
  it(`was built (in ${(inject("containerBuildMs") / 1000).toFixed(1)} s) and prints the CLI help`, async () => {
    const help = await podman(["run", "--rm", image, "--help"]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain("Usage: wiki-gateway <command>");
    expect(help.stdout).toContain("GATEWAY_CONFIG");
  });

  it(`runs Node ${inject("containerNodeVersion")}, the LTS release the Dockerfile pins`, async () => {
    // The image's own node, not the host's: its version, and the LTS codename Node.js gives only to
    // releases of a Long Term Support line (a "Current" release has none).
    const probe =
      "console.log(JSON.stringify({ version: process.version, lts: process.release.lts ?? null }))";
    const result = await podmanOk(["run", "--rm", "--entrypoint", "node", image, "-e", probe]);
    const runtime = JSON.parse(result.stdout.trim()) as { version: string; lts: string | null };
    expect(runtime.version).toBe(`v${inject("containerNodeVersion")}`);
    expect(runtime.lts, "the image must run a Long Term Support release").toEqual(expect.any(String));
    const { stdout: env } = await podmanOk(["image", "inspect", "--format", "{{json .Config.Env}}", image]);
    expect(JSON.parse(env) as string[]).toContain(`NODE_VERSION=${inject("containerNodeVersion")}`);
  });

  it("runs as node with the documented defaults, volumes, port, healthcheck and entrypoint", async () => {
    const { stdout } = await podmanOk(["image", "inspect", image]);
    const [inspected] = JSON.parse(stdout) as [{ Config: ImageConfig; Healthcheck?: { Test?: string[] } }];
    const config = inspected.Config;
    expect(config.User).toBe("node");
    expect(config.Env).toEqual(
      expect.arrayContaining([
        "NODE_ENV=production",
        "GATEWAY_CONFIG=/config/gateway.json",
        "GATEWAY_STATE_DIR=/state",
        "GATEWAY_HTTP_HOST=0.0.0.0",
        "GATEWAY_HTTP_PORT=8080",
        "LOG_FORMAT=json",
        "NODE_OPTIONS=--max-semi-space-size=2",
        "MALLOC_ARENA_MAX=2",
      ]),
    );
    expect(Object.keys(config.ExposedPorts ?? {})).toEqual(["8080/tcp"]);
    expect(Object.keys(config.Volumes ?? {}).sort()).toEqual(["/config", "/state"]);
    expect(config.Entrypoint).toEqual(["node", "/app/bin/wiki-gateway.js"]);
    expect(config.Cmd).toEqual(["start"]);
    expect(config.StopSignal).toBe("SIGTERM");
    expect(inspected.Healthcheck?.Test?.join(" ")).toContain("/healthz");
    expect(inspected.Healthcheck?.Test?.join(" ")).not.toContain("curl");
  });

  it("holds production dependencies only, a read-only app and a /state writable by uid 1000", async () => {
    const probe = [
      "const fs = require('node:fs');",
      "const writable = (p) => { try { fs.accessSync(p, fs.constants.W_OK); return true; } catch { return false; } };",
      "const has = (m) => fs.existsSync('/app/node_modules/' + m);",
      "console.log(JSON.stringify({ uid: process.getuid(), gid: process.getgid(),",
      "  state: writable('/state'), app: writable('/app'), dist: writable('/app/dist'),",
      "  grammy: has('grammy'), pino: has('pino'), typescript: has('typescript'), vitest: has('vitest'),",
      "  esbuild: has('esbuild'), eslint: has('eslint'), tests: fs.existsSync('/app/test'), src: fs.existsSync('/app/src') }));",
    ].join("\n");
    const result = await podmanOk(["run", "--rm", "--entrypoint", "node", image, "-e", probe]);
    expect(JSON.parse(result.stdout.trim())).toEqual({
      uid: 1000,
      gid: 1000,
      state: true,
      app: false,
      dist: false,
      grammy: true,
      pino: true,
      typescript: false,
      vitest: false,
      esbuild: false,
      eslint: false,
      tests: false,
      src: false,
    });
  });
  it("holds only the product: no sandbox, demo, bench or test code", async () => {
    const probe = [
      "const fs = require('node:fs'), path = require('node:path');",
      "const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) =>",
      "  e.isDirectory() ? walk(path.join(d, e.name)) : [path.relative('/app', path.join(d, e.name))]);",
      "console.log(JSON.stringify({ top: fs.readdirSync('/app').sort(),",
      "  app: walk('/app').filter((f) => !f.startsWith('node_modules/')),",
      "  scoped: fs.existsSync('/app/node_modules/@wiki-gateway') }));",
    ].join("\n");
    const result = await podmanOk(["run", "--rm", "--entrypoint", "node", image, "-e", probe]);
    const { top, app, scoped } = JSON.parse(result.stdout.trim()) as {
      top: string[];
      app: string[];
      scoped: boolean;
    };
    expect(top).toEqual(["bin", "config", "dist", "node_modules", "package-lock.json", "package.json"]);
    expect(app).toContain("dist/src/main.js");
    expect(app).toContain("dist/src/cli/run-cli.js");
    // `ask` runs the same entry point linked (dist/bundle, scripts/bundle.mjs).
    expect(app).toContain("dist/bundle/main.js");
    expect(app.filter((f) => f.startsWith("dist/") && !/^dist\/(src|bundle)\//.test(f))).toEqual([]);
    // The CLI's own `sandbox`/`demo` commands (src/cli/sandbox*.js, demo.js) are product code; the
    // stand-ins, the chat page, the test doubles, the test world and the bench are not.
    const forbidden =
      /(^|\/)(packages|bench|test|tests|web)\/|\/sandbox\/|memory-(wiki|logger)|test-world|tldr-corpus|run-demo|chat\.js|\.test\.js/;
    expect(app.filter((f) => forbidden.test(f))).toEqual([]);
    expect(scoped).toBe(false);
  });

  it("runs `ask` from the linked build (dist/bundle) on the image's Node: it gets as far as the wiki", async () => {
    const run = await podman(["run", "--rm", image, "ask", "how do I restore a backup?"]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain("building the search index from the wiki");
    expect(run.stderr).toMatch(/the wiki token file .* cannot be read/);
  });

  it("says in one line how to get the demo and the sandboxes, which it does not hold", async () => {
    for (const args of [["demo"], ["sandbox", "wiki"]]) {
      const run = await podman(["run", "--rm", image, ...args]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stderr).toContain("not part of this installation");
      expect(run.stderr).toMatch(/fix: run them from a repository checkout: `npm ci && npm run build`/);
    }
  });
});
