import type {
  FloodLimits,
  SandboxBot,
  SandboxChat,
  SandboxUser,
  TelegramSandbox,
} from "../../packages/sandbox/src/telegram/index.js";
import { REFERENCE_ACCOUNTS } from "../../packages/sandbox/src/telegram/world-file.js";
import { createTestWorld } from "../../packages/sandbox/src/test-world.js";
import type { SandboxWiki, SeedPage } from "../../packages/sandbox/src/wiki/index.js";
import { type DaemonProcess, freePort, startDaemon } from "./daemon.js";

export { REFERENCE_ACCOUNTS };

export interface StackOptions {
  accounts?: readonly string[];
  /** Patch of each account's gateway.json entry (defaults: dmPolicy allowlist for the stack's user). */
  account?: (name: string, stack: { user: SandboxUser; group: SandboxChat }) => Record<string, unknown>;
  pages?: SeedPage[];
  /** Extra top-level keys of gateway.json (agents, ...). */
  config?: Record<string, unknown>;
  env?: Record<string, string>;
  /**
   * The Telegram sandbox's flood limits; none unless given, and then the daemon does not pace its
   * replies either (TELEGRAM_PACING=false). Most tests here send bursts into one chat to test the
   * journal and the policy, which real Telegram would spread over minutes; the tests of pacing pass
   * Telegram's (TELEGRAM_FLOOD_LIMITS), and the daemon paces as it does by default.
   */
  flood?: FloodLimits | null;
  /** The bots' privacy mode (default true); false lets them see every group message. */
  privacy?: boolean;
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
 * Both sandboxes in this process (the shared test world), a generated gateway.json with one bot
 * per account, and a way to start the real daemon as a child process against them.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const accounts = options.accounts ?? REFERENCE_ACCOUNTS;
  const world = await createTestWorld({
    prefix: "wg-stack-",
    accounts,
    users: [
      { firstName: "Ada", username: "ada" },
      { firstName: "Eve", username: "eve" },
    ],
    groupTitle: "Team",
    pages: options.pages ?? DEFAULT_PAGES,
    flood: options.flood ?? null,
    ...(options.privacy === undefined ? {} : { privacy: options.privacy }),
  });
  const [user, stranger] = world.users as [SandboxUser, SandboxUser];
  const group = world.group;
  const accountEntries: Record<string, unknown> = {};
  for (const name of accounts) {
    accountEntries[name] = {
      botTokenFile: world.botTokenFile(name),
      dmPolicy: "allowlist",
      allowFrom: [String(user.id)],
      groups: { [String(group.id)]: { requireMention: true } },
      ...(options.account?.(name, { user, group }) ?? {}),
    };
  }
  world.writeConfig({
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
    ...world.env,
    WIKI_INDEX_REFRESH_SECONDS: "2",
    TELEGRAM_POLL_TIMEOUT: "2",
    ...(options.flood ? {} : { TELEGRAM_PACING: "false" }),
    ...(options.env ?? {}),
  };
  const daemons: DaemonProcess[] = [];
  return {
    dir: world.dir,
    configPath: world.configPath,
    stateDir: world.stateDir,
    telegram: world.telegram,
    wiki: world.wiki,
    wikiUrl: world.wikiUrl,
    bots: world.bots,
    user,
    stranger,
    group,
    env,
    writeConfig: world.writeConfig,
    config: world.config,
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
      await world.close();
    },
  };
}
