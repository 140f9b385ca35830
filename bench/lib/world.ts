import type { ChildProcess } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REFERENCE_ACCOUNTS } from "../../packages/sandbox/src/telegram/world-file.js";
import { createTestWorld, type TestWorld } from "../../packages/sandbox/src/test-world.js";
import {
  findTldrTranslations,
  readTldrPages,
  readTldrTranslations,
  tldrRoot,
} from "../../packages/sandbox/src/tldr-corpus.js";
import { BIN, spawnNode, stopProcess, waitFor } from "./processes.js";

/** The shared test world with N bots, users in one supergroup, and the whole tldr corpus in the wiki. */
export type World = TestWorld;

/** The tldr translations under their locales (findTldrTranslations); an error when they are missing. */
async function translatedPages() {
  const dir = findTldrTranslations();
  if (!dir)
    throw new Error(
      "the tldr translations are missing: set TLDR_I18N_DIR or place them at ../shared/corpus/tldr-i18n",
    );
  return readTldrTranslations(dir);
}

export async function createWorld(options: {
  accounts: number;
  users?: number;
  extraGroups?: number;
  /** The tldr translations too, under their locales. */
  translations?: boolean;
  /** The agent's `locale` (gateway.json); the default ("en") when absent. */
  locale?: string | string[];
}): Promise<World> {
  const accounts = Array.from({ length: options.accounts }, (_, i) => REFERENCE_ACCOUNTS[i] ?? `bot${i}`);
  const world = await createTestWorld({
    prefix: "wg-bench-",
    accounts,
    botUsername: (name) => `${name.replace(/-/g, "_")}_bench_bot`,
    users: Array.from({ length: options.users ?? 20 }, (_, i) => ({ firstName: `User${i}` })),
    groupTitle: "Bench",
    pages: [...(await readTldrPages(tldrRoot())), ...(options.translations ? await translatedPages() : [])],
    // Throughput benchmarks measure the gateway, not Telegram's flood limits (bench/pacing.ts does).
    flood: null,
  });
  const groups: Record<string, unknown> = { [String(world.group.id)]: { requireMention: true } };
  for (let i = 0; i < (options.extraGroups ?? 0); i++)
    groups[String(-1002000000000 - i)] = { requireMention: true };
  world.writeConfig({
    enabled: true,
    defaultAccount: accounts[0],
    accounts: Object.fromEntries(
      accounts.map((name) => [
        name,
        {
          botTokenFile: world.botTokenFile(name),
          dmPolicy: "open",
          groupPolicy: "allowlist",
          groupAllowFrom: ["*"],
          groups,
        },
      ]),
    ),
    bindings: accounts.map((name) => ({ agentId: "main", match: { channel: "telegram", accountId: name } })),
    agents: { main: { section: "", ...(options.locale === undefined ? {} : { locale: options.locale }) } },
  });
  return world;
}

export interface GatewayProcess {
  child: ChildProcess;
  httpUrl: string;
  /** ms from spawn to /readyz 200. */
  readyMs: number;
  /** ms from spawn until every account polls. */
  pollingMs: number;
  logs(): string;
}

/**
 * The memory settings the container image runs the gateway with (Dockerfile `ENV`): benchmarks
 * that report memory measure the plain command and, beside it, the image's settings.
 */
export const IMAGE_MEMORY_ENV: Record<string, string> = {
  NODE_OPTIONS: "--max-semi-space-size=2",
  MALLOC_ARENA_MAX: "2",
};

/** Node flags that let the bench force a GC in the gateway and read the heap left (see gc-report). */
export const GC_REPORT_ARGS = [
  "--expose-gc",
  "--import",
  pathToFileURL(fileURLToPath(new URL("./gc-report.js", import.meta.url))).href,
];

export async function startGateway(
  world: World,
  stateDir: string,
  port: number,
  options: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<GatewayProcess> {
  const started = performance.now();
  const child = spawnNode([...(options.nodeArgs ?? []), BIN, "start"], {
    ...world.env,
    GATEWAY_STATE_DIR: stateDir,
    GATEWAY_HTTP_PORT: String(port),
    WIKI_INDEX_REFRESH_SECONDS: "3600",
    LOG_LEVEL: "info",
    // Without flood limits in the sandbox (createWorld), no pacing either; bench/pacing.ts sets it.
    TELEGRAM_PACING: "false",
    ...options.env,
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const httpUrl = `http://127.0.0.1:${port}`;
  let pollingMs = Number.NaN;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`gateway exited: ${output.slice(-2000)}`);
        const body = (await (await fetch(`${httpUrl}/status`)).json()) as {
          accounts: Array<{ status: string }>;
        };
        const all = body.accounts.length > 0 && body.accounts.every((a) => a.status === "polling");
        if (all && Number.isNaN(pollingMs)) pollingMs = performance.now() - started;
        return all;
      },
      180_000,
      "all accounts polling",
    );
    await waitFor(async () => (await fetch(`${httpUrl}/readyz`)).status === 200, 180_000, "gateway ready");
  } catch (error) {
    // A gateway that never got ready is not left behind.
    await stopProcess(child);
    throw new Error(`${(error as Error).message}; its last output: ${output.slice(-1500)}`, { cause: error });
  }
  return { child, httpUrl, readyMs: performance.now() - started, pollingMs, logs: () => output };
}

export interface HeapAfterGc {
  forced: boolean;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** Forces a GC in a gateway started with GC_REPORT_ARGS and returns the memory left (bytes). */
export async function heapAfterGc(gw: GatewayProcess): Promise<HeapAfterGc> {
  const seen = gw.logs().length;
  gw.child.kill("SIGUSR2");
  let found: HeapAfterGc | undefined;
  await waitFor(
    () => {
      const line = /\{"benchHeap":(\{[^}]*\})\}/.exec(gw.logs().slice(seen));
      if (line) found = JSON.parse(line[1]!) as HeapAfterGc;
      return found !== undefined;
    },
    30_000,
    "the heap report",
  );
  return found!;
}

export function startEcho(world: World): ChildProcess {
  return spawnNode([fileURLToPath(new URL("../echo-bot.js", import.meta.url))], {
    ECHO_TOKENS: Object.values(world.bots)
      .map((b) => b.token)
      .join(","),
    TELEGRAM_API_ROOT: world.telegram.apiRoot,
  });
}

/**
 * gateway.json for one open account ("default", agent "main" over the whole wiki) in the world's
 * group, which answers everyone there, with or without a mention.
 */
export function writeOneGroupConfig(world: TestWorld, requireMention: boolean): void {
  world.writeConfig({
    enabled: true,
    defaultAccount: "default",
    accounts: {
      default: {
        botTokenFile: world.botTokenFile("default"),
        dmPolicy: "open",
        groupPolicy: "allowlist",
        groupAllowFrom: ["*"],
        groups: { [String(world.group.id)]: { requireMention } },
      },
    },
    bindings: [{ agentId: "main", match: { channel: "telegram", accountId: "default" } }],
    agents: { main: { section: "" } },
  });
}
