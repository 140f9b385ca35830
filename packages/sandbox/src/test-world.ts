import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTelegramSandbox,
  type FloodLimits,
  type SandboxBot,
  type SandboxChat,
  type SandboxUser,
  type TelegramSandbox,
} from "./telegram/index.js";
import { createSandboxWiki, type SandboxWiki, type SeedPage } from "./wiki/index.js";

export interface TestWorldOptions {
  /** Prefix of the world's temporary folder ("wg-stack-", "wg-bench-"). */
  prefix: string;
  /** One bot per account, in this order. */
  accounts: readonly string[];
  /** A bot's username; `<account>_wiki_bot` ("-" → "_") by default. */
  botUsername?: (account: string) => string;
  users: ReadonlyArray<{ firstName: string; username?: string; languageCode?: string }>;
  /** Title of the one supergroup that every user and every bot is a member of. */
  groupTitle: string;
  /** The wiki's pages. */
  pages: readonly SeedPage[];
  /** The Telegram sandbox's flood limits: Telegram's unless given; null = none. */
  flood?: FloodLimits | null;
  /** The bots' privacy mode (default true, Telegram's default); false: they see every group message. */
  privacy?: boolean;
}

/**
 * Both sandboxes listening on 127.0.0.1 and the files a gateway needs to run against them, in one
 * temporary folder:
 *
 *   gateway.json           written by `writeConfig` (the caller decides the policy)
 *   secrets/<account>.token  each account's bot token (for `botTokenFile`, relative to `dir`)
 *   secrets/wiki.token     a full-access key of the sandbox wiki
 *   wiki-data/             the sandbox wiki's own data
 *   state/                 the gateway's state directory (created by the gateway)
 */
export interface TestWorld {
  dir: string;
  stateDir: string;
  configPath: string;
  telegram: TelegramSandbox;
  wiki: SandboxWiki;
  wikiUrl: string;
  wikiTokenFile: string;
  accounts: readonly string[];
  bots: Record<string, SandboxBot>;
  /** The path gateway.json names for an account's token file (relative to `dir`). */
  botTokenFile(account: string): string;
  users: SandboxUser[];
  group: SandboxChat;
  writeConfig(config: Record<string, unknown>): void;
  /** A copy of what `writeConfig` last wrote. */
  config(): Record<string, unknown>;
  /** What the daemon needs to run in this world: its config, its state and both sandboxes. */
  env: Record<string, string>;
  /** Closes both sandboxes; the folder stays for post-mortems. */
  close(): Promise<void>;
}

/** The one test world: used by the end-to-end and reliability tests and by the bench. */
export async function createTestWorld(options: TestWorldOptions): Promise<TestWorld> {
  const dir = mkdtempSync(join(tmpdir(), options.prefix));
  const stateDir = join(dir, "state");
  mkdirSync(join(dir, "secrets"), { recursive: true });
  const telegram = createTelegramSandbox(options.flood === undefined ? {} : { flood: options.flood });
  await telegram.listen();
  // Writes take a few hundred ms, like a real wiki's render (which takes seconds).
  const wiki = createSandboxWiki({ dataDir: join(dir, "wiki-data"), writeLatencyMs: 300 });
  const wikiUrl = await wiki.listen();
  wiki.seed([...options.pages]);
  const wikiTokenFile = join(dir, "secrets", "wiki.token");
  writeFileSync(wikiTokenFile, wiki.issueKey(), { mode: 0o600 });

  const users = options.users.map((u) => telegram.addUser(u));
  const botUsername = options.botUsername ?? ((account) => `${account.replace(/-/g, "_")}_wiki_bot`);
  const bots: Record<string, SandboxBot> = {};
  for (const account of options.accounts) {
    bots[account] = telegram.addBot({
      username: botUsername(account),
      privacy: options.privacy ?? true,
      inline: true,
    });
  }
  const group = telegram.addGroup({
    title: options.groupTitle,
    type: "supergroup",
    members: users.map((u) => u.id),
    bots: Object.values(bots).map((b) => b.username),
  });
  const botTokenFile = (account: string) => join("secrets", `${account}.token`);
  for (const account of options.accounts) {
    writeFileSync(join(dir, botTokenFile(account)), `${bots[account]!.token}\n`, { mode: 0o600 });
  }

  let current: Record<string, unknown> = {};
  const configPath = join(dir, "gateway.json");
  return {
    dir,
    stateDir,
    configPath,
    telegram,
    wiki,
    wikiUrl,
    wikiTokenFile,
    accounts: options.accounts,
    bots,
    botTokenFile,
    users,
    group,
    writeConfig(config) {
      current = config;
      writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
    },
    config: () => structuredClone(current),
    env: {
      GATEWAY_CONFIG: configPath,
      GATEWAY_STATE_DIR: stateDir,
      WIKI_URL: wikiUrl,
      WIKI_TOKEN_FILE: wikiTokenFile,
      TELEGRAM_API_ROOT: telegram.apiRoot,
    },
    async close() {
      await telegram.close();
      await wiki.close();
    },
  };
}
