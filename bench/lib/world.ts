import type { ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTelegramSandbox,
  type SandboxBot,
  type SandboxChat,
  type SandboxUser,
  type TelegramSandbox,
} from "../../packages/sandbox/src/telegram/index.js";
import { createSandboxWiki, type SandboxWiki } from "../../packages/sandbox/src/wiki/index.js";
import { readTldr } from "./corpus.js";
import { BIN, spawnNode, waitFor } from "./processes.js";

/** Both sandboxes, N bots, users, one supergroup, the tldr corpus in the wiki, and a gateway.json. */
export interface World {
  dir: string;
  telegram: TelegramSandbox;
  wiki: SandboxWiki;
  wikiUrl: string;
  wikiTokenFile: string;
  bots: SandboxBot[];
  accounts: string[];
  users: SandboxUser[];
  group: SandboxChat;
  configPath: string;
  close(): Promise<void>;
}

export async function createWorld(options: {
  accounts: number;
  users?: number;
  extraGroups?: number;
}): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), "wg-bench-"));
  const telegram = createTelegramSandbox();
  await telegram.listen();
  const wiki = createSandboxWiki({ dataDir: join(dir, "wiki") });
  const wikiUrl = await wiki.listen();
  wiki.seed(await readTldr());
  const wikiTokenFile = join(dir, "wiki.token");
  writeFileSync(wikiTokenFile, wiki.issueKey(), { mode: 0o600 });
  const reference = ["default", "vera", "denis", "cpo", "devops-v2", "mila", "pe"];
  const accounts = Array.from({ length: options.accounts }, (_, i) => reference[i] ?? `bot${i}`);
  const bots = accounts.map((name) =>
    telegram.addBot({ username: `${name.replace(/-/g, "_")}_bench_bot`, privacy: true }),
  );
  const users = Array.from({ length: options.users ?? 20 }, (_, i) =>
    telegram.addUser({ firstName: `User${i}` }),
  );
  const group = telegram.addGroup({
    title: "Bench",
    type: "supergroup",
    members: users.map((u) => u.id),
    bots: bots.map((b) => b.username),
  });
  const groups: Record<string, unknown> = { [String(group.id)]: { requireMention: true } };
  for (let i = 0; i < (options.extraGroups ?? 0); i++)
    groups[String(-1002000000000 - i)] = { requireMention: true };
  const config = {
    enabled: true,
    defaultAccount: accounts[0],
    accounts: Object.fromEntries(
      accounts.map((name, i) => [
        name,
        {
          botToken: bots[i]!.token,
          dmPolicy: "open",
          groupPolicy: "allowlist",
          groupAllowFrom: ["*"],
          groups,
        },
      ]),
    ),
    bindings: accounts.map((name) => ({ agentId: "main", match: { channel: "telegram", accountId: name } })),
    agents: { main: { section: "" } },
  };
  const configPath = join(dir, "gateway.json");
  writeFileSync(configPath, JSON.stringify(config));
  return {
    dir,
    telegram,
    wiki,
    wikiUrl,
    wikiTokenFile,
    bots,
    accounts,
    users,
    group,
    configPath,
    async close() {
      await telegram.close();
      await wiki.close();
    },
  };
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

export async function startGateway(world: World, stateDir: string, port: number): Promise<GatewayProcess> {
  const started = performance.now();
  const child = spawnNode([BIN, "start"], {
    GATEWAY_CONFIG: world.configPath,
    GATEWAY_STATE_DIR: stateDir,
    GATEWAY_HTTP_PORT: String(port),
    WIKI_URL: world.wikiUrl,
    WIKI_TOKEN_FILE: world.wikiTokenFile,
    TELEGRAM_API_ROOT: world.telegram.apiRoot,
    WIKI_INDEX_REFRESH_SECONDS: "3600",
    LOG_LEVEL: "info",
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const httpUrl = `http://127.0.0.1:${port}`;
  let pollingMs = Number.NaN;
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
  return { child, httpUrl, readyMs: performance.now() - started, pollingMs, logs: () => output };
}

export function startEcho(world: World): ChildProcess {
  return spawnNode([BIN.replace(/bin\/wiki-gateway\.js$/, "dist/bench/echo-bot.js")], {
    ECHO_TOKENS: world.bots.map((b) => b.token).join(","),
    TELEGRAM_API_ROOT: world.telegram.apiRoot,
  });
}
