import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { createTelegramSandbox } from "../../packages/sandbox/src/telegram/index.js";
import { captureIo } from "../helpers/cli.js";
import { eventually, freePort, startDaemon } from "../helpers/daemon.js";
import { statuses, summary } from "./lib.js";

/**
 * Issue 11, bad input: random mutations of config/gateway.example.json (fixed seed). Every invalid
 * file gets `check` exit 2 with a JSON path (or, for broken JSON, a position) and never a stack
 * trace; every accepted file passes `check`, and a handful of accepted ones really start.
 */
const RUNS = 300;
const STARTED = 4;
const SEED = 1111;
const EXAMPLE = readFileSync(new URL("../../config/gateway.example.json", import.meta.url), "utf8");

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = Array<string | number>;

function paths(value: Json, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...at, i])));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, k]));
  return out;
}

const OPS = [
  "delete",
  "replace",
  "retype",
  "add-key",
  "rename-key",
  "group-id",
  "empty",
  "flip",
  "flip",
  "flip",
] as const;
const ENUMS = ["pairing", "allowlist", "open", "disabled", "mentions", "all"];
const mutation = fc.record({
  at: fc.nat(),
  op: fc.constantFrom(...OPS),
  value: fc.jsonValue({ maxDepth: 2 }),
  key: fc.oneof(
    fc.constantFrom("requireMention", "dmPolicy", "allowfrom", "enabled", "groups"),
    fc.string({ maxLength: 12 }),
  ),
});
const fileCase = fc.record({
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  truncateAt: fc.option(fc.nat(), { freq: 8 }),
});

function mutate(root: Json, m: { at: number; op: string; value: unknown; key: string }): Json {
  const all = paths(root).filter((p) => p.length > 0);
  const path = all[m.at % all.length]!;
  const parent = path
    .slice(0, -1)
    .reduce<Json>((node, k) => (node as Record<string | number, Json>)[k]!, root) as
    Json[] | Record<string, Json>;
  const last = path.at(-1)!;
  const current = (parent as Record<string | number, Json>)[last];
  const set = (v: Json) => ((parent as Record<string | number, Json>)[last] = v);
  switch (m.op) {
    case "delete":
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last as string];
      break;
    case "replace":
      set(m.value as Json);
      break;
    case "retype":
      set(
        typeof current === "string"
          ? Number(current) || 42
          : typeof current === "number"
            ? String(current)
            : typeof current === "boolean"
              ? "yes"
              : Array.isArray(current)
                ? {}
                : current && typeof current === "object"
                  ? []
                  : true,
      );
      break;
    case "add-key":
      if (current && typeof current === "object" && !Array.isArray(current)) current[m.key] = m.value as Json;
      else set({ [m.key]: m.value as Json });
      break;
    case "rename-key":
      if (!Array.isArray(parent)) {
        delete parent[last as string];
        parent[`${String(last)}${m.key.slice(0, 2) || "x"}`] = current ?? null;
      }
      break;
    case "group-id":
      set(Array.isArray(current) ? [...current, "-1001234567890"] : "-1001234567890");
      break;
    case "flip":
      // Plausible edits an operator makes: toggle a flag, pick another policy, drop a list entry.
      if (typeof current === "boolean") set(!current);
      else if (typeof current === "string" && ENUMS.includes(current)) set(ENUMS[m.at % ENUMS.length]!);
      else if (Array.isArray(parent)) parent.splice(last as number, 1);
      else if (typeof current === "string" && /^\d+$/.test(current)) set(String(Number(current) + 1));
      break;
    case "empty":
      set(Array.isArray(current) ? [] : typeof current === "string" ? "" : {});
      break;
  }
  return root;
}

const dirs: string[] = [];
const telegram = createTelegramSandbox();
afterAll(async () => {
  await telegram.close();
});

describe("gateway.json fuzz", () => {
  it(`${RUNS} random mutations of the example: exit 2 with a path, or accepted and startable`, async () => {
    const apiRoot = await telegram.listen();
    const dir = mkdtempSync(join(tmpdir(), "wg-fuzz-config-"));
    dirs.push(dir);
    mkdirSync(join(dir, "secrets"));
    const example = JSON.parse(EXAMPLE) as { accounts: Record<string, unknown> };
    for (const name of Object.keys(example.accounts)) {
      const bot = telegram.addBot({ username: `${name.replace(/-/g, "_")}_fuzz_bot` });
      writeFileSync(join(dir, "secrets", `telegram-${name}.token`), `${bot.token}\n`, { mode: 0o600 });
    }
    const cases = fc.sample(fileCase, { seed: SEED, numRuns: RUNS });
    const figures = {
      files: 0,
      invalid: 0,
      invalidWithPath: 0,
      accepted: 0,
      started: 0,
      stackTraces: 0,
      otherExit: 0,
    };
    const accepted: string[] = [];
    const failures: string[] = [];
    for (const [i, c] of cases.entries()) {
      let root = JSON.parse(EXAMPLE) as Json;
      for (const m of c.mutations) root = mutate(root, m);
      let text = `${JSON.stringify(root, null, 2)}\n`;
      if (c.truncateAt !== null) text = text.slice(0, c.truncateAt % text.length);
      const file = join(dir, `gateway-${i}.json`);
      writeFileSync(file, text);
      figures.files++;
      const json = captureIo({});
      const code = await runCli(["check", "--config", file, "--json"], json);
      const human = captureIo({});
      const humanCode = await runCli(["check", "--config", file], human);
      const output = json.stdout() + json.stderr() + human.stdout() + human.stderr();
      if (/^\s+at .+:\d+:\d+\)?$/m.test(output) || /TypeError|ReferenceError/.test(output)) {
        figures.stackTraces++;
        failures.push(`${file}: stack trace or internal error:\n${output.slice(0, 800)}`);
      }
      expect(humanCode).toBe(code);
      if (code === 0) {
        figures.accepted++;
        accepted.push(file);
        continue;
      }
      if (code !== 2) {
        figures.otherExit++;
        failures.push(`${file}: exit ${code}:\n${output.slice(0, 800)}`);
        continue;
      }
      figures.invalid++;
      const result = JSON.parse(json.stdout()) as {
        ok: boolean;
        code: string;
        message: string;
        problems?: Array<{ path: string; message: string; fix: string }>;
      };
      const located =
        (result.problems ?? []).length > 0
          ? result.problems!.every((p) => p.path.length > 0 && p.fix.length > 0) &&
            result.problems!.some((p) => human.stderr().includes(p.path))
          : /line \d+|position \d+|column \d+|end of JSON input/i.test(result.message);
      if (located) figures.invalidWithPath++;
      else failures.push(`${file}: no JSON path or position:\n${output.slice(0, 800)}`);
    }

    // A handful of accepted files really start: healthy, and every enabled account polls.
    for (const file of accepted.slice(0, STARTED)) {
      const daemon = await startDaemon({
        env: {
          GATEWAY_CONFIG: file,
          GATEWAY_STATE_DIR: join(dir, `state-${figures.started}`),
          TELEGRAM_API_ROOT: apiRoot,
          WIKI_URL: "http://127.0.0.1:9",
          WIKI_TOKEN_FILE: join(dir, "secrets", "missing-wiki.token"),
          TELEGRAM_POLL_TIMEOUT: "1",
        },
        httpPort: await freePort(),
      });
      try {
        const config = JSON.parse(readFileSync(file, "utf8")) as {
          enabled?: boolean;
          accounts: Record<string, { enabled?: boolean }>;
        };
        const enabled = Object.entries(config.accounts).filter(
          ([, a]) => a.enabled !== false && config.enabled !== false,
        );
        await eventually(async () => {
          const s = await statuses(daemon.httpUrl);
          return enabled.every(([name]) => s[name]?.status === "polling");
        }, 20_000);
        figures.started++;
      } finally {
        await daemon.stop();
      }
    }
    summary("fuzz-config", figures);
    expect(failures).toEqual([]);
    expect(figures.invalid).toBeGreaterThan(RUNS / 3);
    expect(figures.accepted).toBeGreaterThan(0);
    expect(figures.started).toBe(Math.min(STARTED, accepted.length));
  }, 200_000);
});
