import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../helpers/daemon.js";
import { type CliSandbox, startTelegramSandbox, startWikiSandbox } from "./cli-sandboxes.js";
import { podman, podmanOk } from "./podman.js";

/**
 * The image as a user runs it: gateway.json and the tokens mounted read-only (tokens as files under
 * /run/secrets, like Docker secrets), /state an anonymous volume, against the Telegram and wiki
 * sandboxes on the host network; then `podman stop` (SIGTERM) must end it gracefully with exit 0.
 */
const image = inject("containerImage");
const container = `wiki-gateway-smoke-${process.pid}`;
const SECRET_BOT = "/run/secrets/telegram-default.token";
const SECRET_WIKI = "/run/secrets/wiki-token";
const BACKUP_PAGE =
  "# Backups\n\nThe nightly backup runs at 02:00 and keeps 14 days.\n\n## Restore\n\nRun `restore --latest` to restore the newest backup.\n";

interface Bot {
  username: string;
  token: string;
}
interface User {
  id: number;
}
interface Sent {
  seq: number;
  bot: string;
  chatId: number;
  text: string;
}

let dir = "";
let telegram: CliSandbox | undefined;
let wiki: CliSandbox | undefined;
let apiRoot = "";
let httpPort = 0;
let bot: Bot;
let user: User;

async function control<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiRoot}/__sandbox/${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  const json = (await res.json()) as T;
  if (!res.ok)
    throw new Error(`${method} /__sandbox/${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function containerLogs(): Promise<string> {
  const logs = await podman(["logs", container], 15_000);
  return `${logs.stdout}${logs.stderr}`;
}

/**
 * Polls `probe` (errors count as "not yet") until it returns a value; fails at once, with the
 * container's logs, when the container is no longer running, and after `timeoutMs`.
 */
async function whileRunning<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    const running = await podman([
      "inspect",
      "--format",
      "{{.State.Running}} {{.State.ExitCode}}",
      container,
    ]);
    const [isRunning, exitCode] = running.stdout.trim().split(" ");
    const why =
      isRunning !== "true"
        ? `the container is not running (exit code ${exitCode ?? "?"})`
        : Date.now() > deadline
          ? `not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ""}`
          : undefined;
    if (why) throw new Error(`${what}: ${why}\ncontainer logs:\n${(await containerLogs()).slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The `msg` of each JSON log line the gateway wrote. */
function logMessages(logs: string): string[] {
  return logs
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => {
      try {
        return String((JSON.parse(line) as { msg?: unknown }).msg ?? "");
      } catch {
        return "";
      }
    });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wg-container-"));
  chmodSync(dir, 0o755);
  const configDir = join(dir, "config");
  mkdirSync(configDir, { mode: 0o755 });
  mkdirSync(join(dir, "wiki-data"));
  mkdirSync(join(dir, "wiki-seed", "guides"), { recursive: true });
  writeFileSync(join(dir, "wiki-seed", "guides", "backup.md"), BACKUP_PAGE);

  const started = await startTelegramSandbox();
  telegram = started.sandbox;
  apiRoot = started.value;
  bot = await control<Bot>("POST", "bots", { username: "container_smoke_bot" });
  user = await control<User>("POST", "users", { firstName: "Ada", username: "ada" });

  const wikiTokenFile = join(dir, "wiki.token");
  const startedWiki = await startWikiSandbox(join(dir, "wiki-data"), wikiTokenFile, join(dir, "wiki-seed"));
  wiki = startedWiki.sandbox;
  chmodSync(wikiTokenFile, 0o644); // the container runs as uid 1000

  const botTokenFile = join(dir, "telegram-default.token");
  writeFileSync(botTokenFile, `${bot.token}\n`, { mode: 0o644 });
  const gatewayJson = {
    version: "2.0.0",
    enabled: true,
    defaultAccount: "default",
    accounts: { default: { botTokenFile: SECRET_BOT, dmPolicy: "open" } },
    bindings: [{ agentId: "main", match: { channel: "telegram", accountId: "default" } }],
    agents: { main: { name: "Team wiki", section: "", locale: "en" } },
  };
  writeFileSync(join(configDir, "gateway.json"), `${JSON.stringify(gatewayJson, null, 2)}\n`, {
    mode: 0o644,
  });

  httpPort = await freePort();
  await podmanOk([
    "run",
    "--detach",
    "--name",
    container,
    // No systemd here to schedule health checks; the test runs the image's HEALTHCHECK itself.
    "--health-interval",
    "disable",
    "--env",
    `GATEWAY_HTTP_PORT=${httpPort}`,
    "--env",
    "GATEWAY_HTTP_HOST=127.0.0.1",
    "--env",
    `TELEGRAM_API_ROOT=${apiRoot}`,
    "--env",
    `WIKI_URL=${startedWiki.value}`,
    "--env",
    `WIKI_TOKEN_FILE=${SECRET_WIKI}`,
    "--volume",
    `${configDir}:/config:ro`,
    "--volume",
    `${botTokenFile}:${SECRET_BOT}:ro`,
    "--volume",
    `${wikiTokenFile}:${SECRET_WIKI}:ro`,
    image,
  ]);
}, 120_000);

afterAll(async () => {
  await podman(["rm", "--force", "--volumes", container], 60_000);
  await Promise.all([telegram?.stop(), wiki?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 90_000);

describe("the container against the sandboxes", () => {
  it("answers /healthz with 200 on GATEWAY_HTTP_PORT", async () => {
    const body = await whileRunning(
      "GET /healthz",
      async () => {
        const res = await fetch(`http://127.0.0.1:${httpPort}/healthz`);
        return res.status === 200 ? ((await res.json()) as { ok: boolean }) : undefined;
      },
      60_000,
    );
    expect(body.ok).toBe(true);
  });

  it("passes the image's own HEALTHCHECK (node fetch, no curl)", async () => {
    const check = await podman(["healthcheck", "run", container], 30_000);
    expect(check.code, `${check.stdout}${check.stderr}`).toBe(0);
  });

  it("answers a direct message sent through the Telegram sandbox from the wiki", async () => {
    // Ready = accounts polling, the wiki authenticated, the search index built.
    await whileRunning(
      "GET /readyz 200",
      async () => ((await fetch(`http://127.0.0.1:${httpPort}/readyz`)).status === 200 ? true : undefined),
      60_000,
    );
    const said = await control<{ chatId: number; deliveredTo: string[] }>("POST", "say", {
      from: user.id,
      bot: bot.username,
      text: "How do I restore a backup?",
    });
    expect(said.deliveredTo).toEqual([bot.username]);
    const reply = await whileRunning(
      "the bot's reply",
      async () => {
        const sent = await control<Sent[]>("GET", `sent?bot=${bot.username}&chat=${said.chatId}&wait=5000`);
        return sent.find((m) => m.chatId === said.chatId && m.text.trim() !== "");
      },
      60_000,
    );
    expect(reply.bot).toBe(bot.username);
    // The answer comes from the seeded page: the wiki was reached with the mounted token.
    expect(reply.text).toContain("Backups");
    expect(reply.text).toMatch(/02:00|restore --latest/);
  });

  it("stops gracefully on podman stop (SIGTERM): exit code 0 and a logged graceful stop", async () => {
    const stop = await podman(["stop", "--time", "15", container], 60_000);
    expect(stop.code, `${stop.stdout}${stop.stderr}`).toBe(0);
    const { stdout } = await podmanOk(["inspect", "--format", "{{.State.ExitCode}}", container]);
    const logs = await containerLogs();
    expect(stdout.trim(), logs.slice(-4000)).toBe("0"); // 137 would mean SIGKILL after the grace period
    const messages = logMessages(logs);
    expect(messages).toContain("stopping gracefully");
    expect(messages).toContain("gateway stopped");
    expect(messages.indexOf("gateway stopped")).toBeGreaterThan(messages.indexOf("stopping gracefully"));
  });

  it("kept its state in the /state volume, written as uid 1000", async () => {
    const list = [
      "const fs = require('node:fs'), path = require('node:path');",
      "const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) =>",
      "  e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);",
      "console.log(JSON.stringify(walk('/state').map((f) => [f, fs.statSync(f).uid])));",
    ].join("\n");
    const { stdout: volume } = await podmanOk([
      "inspect",
      "--format",
      '{{range .Mounts}}{{if eq .Destination "/state"}}{{.Name}}{{end}}{{end}}',
      container,
    ]);
    expect(volume.trim()).not.toBe("");
    const state = `${volume.trim()}:/state:ro`;
    const result = await podmanOk([
      "run",
      "--rm",
      "--volume",
      state,
      "--entrypoint",
      "node",
      image,
      "-e",
      list,
    ]);
    const files = JSON.parse(result.stdout.trim()) as [string, number][];
    expect(files.length, result.stdout).toBeGreaterThan(0);
    expect(files.every(([, uid]) => uid === 1000)).toBe(true);
  });
});
