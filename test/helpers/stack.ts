import { mkdtempSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTelegramSandbox,
  type SandboxBot,
  type SandboxChat,
  type SandboxUser,
  type TelegramSandbox,
} from "../../src/sandbox/telegram/index.js";
import { createSandboxWiki, type SandboxWiki } from "../../src/sandbox/wiki/index.js";
import { type DaemonProcess, freePort, startDaemon } from "./daemon.js";

export const REFERENCE_ACCOUNTS = ["default", "vera", "denis", "cpo", "devops-v2", "mila", "pe"] as const;

export interface StackOptions {
  accounts?: readonly string[];
  /** Patch of each account's gateway.json entry (defaults: dmPolicy allowlist for the stack's user). */
  account?: (name: string, stack: { user: SandboxUser; group: SandboxChat }) => Record<string, unknown>;
  pages?: Array<{ path: string; title: string; content: string; description?: string }>;
  /** Extra top-level keys of gateway.json (agents, ...). */
  config?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface Stack {
  dir: string;
  configPath: string;
  stateDir: string;
  telegram: TelegramSandbox;
  wiki: SandboxWiki;
  wikiUrl: string;
  bots: Record<string, SandboxBot>;
  user: SandboxUser;
  /** A second group member named in no list. */
  stranger: SandboxUser;
  group: SandboxChat;
  env: Record<string, string>;
  writeConfig(config: Record<string, unknown>): void;
  config(): Record<string, unknown>;
  startDaemon(extra?: { env?: Record<string, string>; waitHealthy?: boolean }): Promise<DaemonProcess>;
  close(): Promise<void>;
}

export const DEFAULT_PAGES = [
  {
    path: "guides/backup",
    title: "Backups",
    description: "How backups work",
    content:
      "# Backups\n\nThe nightly backup runs at 02:00.\n\n## Restore\n\nRun `restore --latest` to restore the newest backup.",
  },
  {
    path: "guides/onboarding",
    title: "Onboarding",
    description: "First day",
    content: "# Onboarding\n\nOn your first day, ask for a laptop and read the handbook.",
  },
];

/**
 * Both sandboxes in this process, a generated gateway.json with one bot per account, and a way to
 * start the real daemon as a child process against them.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), "wg-stack-"));
  const stateDir = join(dir, "state");
  await mkdir(join(dir, "secrets"), { recursive: true });
  const telegram = createTelegramSandbox();
  await telegram.listen();
  // Writes take a few hundred ms, like a real wiki's render (which takes seconds).
  const wiki = createSandboxWiki({ dataDir: join(dir, "wiki-data"), writeLatencyMs: 300 });
  const wikiUrl = await wiki.listen();
  wiki.seed(options.pages ?? DEFAULT_PAGES);
  const wikiTokenFile = join(dir, "secrets", "wiki.token");
  writeFileSync(wikiTokenFile, wiki.issueKey(), { mode: 0o600 });

  const accounts = options.accounts ?? REFERENCE_ACCOUNTS;
  const user = telegram.addUser({ firstName: "Ada", username: "ada" });
  const stranger = telegram.addUser({ firstName: "Eve", username: "eve" });
  const bots: Record<string, SandboxBot> = {};
  for (const name of accounts) {
    bots[name] = telegram.addBot({ username: `${name.replace(/-/g, "_")}_wiki_bot`, privacy: true });
  }
  const group = telegram.addGroup({
    title: "Team",
    type: "supergroup",
    members: [user.id, stranger.id],
    bots: Object.values(bots).map((b) => b.username),
  });

  let current: Record<string, unknown> = {};
  const configPath = join(dir, "gateway.json");
  const writeConfig = (config: Record<string, unknown>) => {
    current = config;
    writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  };
  const accountEntries: Record<string, unknown> = {};
  for (const name of accounts) {
    const tokenFile = join("secrets", `${name}.token`);
    writeFileSync(join(dir, tokenFile), `${bots[name]!.token}\n`, { mode: 0o600 });
    accountEntries[name] = {
      botTokenFile: tokenFile,
      dmPolicy: "allowlist",
      allowFrom: [String(user.id)],
      groups: { [String(group.id)]: { requireMention: true } },
      ...(options.account?.(name, { user, group }) ?? {}),
    };
  }
  writeConfig({
    enabled: true,
    defaultAccount: accounts[0],
    accounts: accountEntries,
    bindings: accounts.map((name) => ({
      agentId: name === "default" ? "main" : name,
      match: { channel: "telegram", accountId: name },
    })),
    ...(options.config ?? {}),
  });

  const env: Record<string, string> = {
    GATEWAY_CONFIG: configPath,
    GATEWAY_STATE_DIR: stateDir,
    WIKI_URL: wikiUrl,
    WIKI_TOKEN_FILE: wikiTokenFile,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    WIKI_INDEX_REFRESH_SECONDS: "2",
    TELEGRAM_POLL_TIMEOUT: "2",
    ...(options.env ?? {}),
  };
  const daemons: DaemonProcess[] = [];
  return {
    dir,
    configPath,
    stateDir,
    telegram,
    wiki,
    wikiUrl,
    bots,
    user,
    stranger,
    group,
    env,
    writeConfig,
    config: () => structuredClone(current),
    async startDaemon(extra = {}) {
      const daemon = await startDaemon({
        env: { ...env, ...(extra.env ?? {}) },
        httpPort: await freePort(),
        ...(extra.waitHealthy === undefined ? {} : { waitHealthy: extra.waitHealthy }),
      });
      daemons.push(daemon);
      return daemon;
    },
    async close() {
      await Promise.all(daemons.map((d) => d.stop("SIGKILL")));
      await telegram.close();
      await wiki.close();
    },
  };
}
