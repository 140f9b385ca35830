import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { TelegramSandbox } from "../telegram/index.js";

/** The seven accounts of the specification, each with its demo bot. */
export const DEMO_ACCOUNTS = [
  { account: "default", agent: "main", username: "acme_wiki_bot", privacy: true },
  { account: "vera", agent: "vera", username: "vera_wiki_bot", privacy: true },
  { account: "denis", agent: "denis", username: "denis_wiki_bot", privacy: false },
  { account: "cpo", agent: "cpo", username: "cpo_wiki_bot", privacy: true },
  { account: "devops-v2", agent: "devops", username: "devops_v2_wiki_bot", privacy: false },
  { account: "mila", agent: "mila", username: "mila_wiki_bot", privacy: true },
  { account: "pe", agent: "pe", username: "pe_wiki_bot", privacy: true },
] as const;

/** The account whose answers are rich messages (docs/rich-messages.md); the others send HTML. */
export const RICH_DEMO_ACCOUNT = "vera";

/** Accounts on which the demo user is already allowed; on the others they go through pairing. */
export const DEMO_ALLOWED = ["default", "vera", "devops-v2"];

export interface DemoWorld {
  configPath: string;
  accounts: Array<{ account: string; bot: string }>;
  userId: number;
  groupId: number;
}

/**
 * Creates the demo's Telegram world (bots, two users, one supergroup) and writes the matching
 * gateway.json and token files under `dir`. Everything lives in the demo's own folder.
 */
export async function createDemoWorld(telegram: TelegramSandbox, dir: string): Promise<DemoWorld> {
  await mkdir(join(dir, "secrets"), { recursive: true });
  const ada = telegram.addUser({ firstName: "Ada", username: "ada" });
  const bob = telegram.addUser({ firstName: "Bob", username: "bob" });
  const bots = DEMO_ACCOUNTS.map((a) => ({
    ...a,
    bot: telegram.addBot({ username: a.username, firstName: a.account, privacy: a.privacy, inline: true }),
  }));
  const group = telegram.addGroup({
    title: "Acme team",
    type: "supergroup",
    members: [ada.id, bob.id],
    bots: bots.map((b) => b.username),
    // Administrators: Telegram sends reactions in a group only to its admin bots.
    admins: bots.map((b) => b.username),
  });
  const accounts: Record<string, unknown> = {};
  for (const b of bots) {
    const tokenFile = join("secrets", `telegram-${b.account}.token`);
    await writeFile(join(dir, tokenFile), `${b.bot.token}\n`, { mode: 0o600 });
    accounts[b.account] = {
      name: `${b.account} bot`,
      botTokenFile: tokenFile,
      dmPolicy: "pairing",
      allowFrom: DEMO_ALLOWED.includes(b.account) ? [String(ada.id)] : [],
      groupPolicy: "allowlist",
      groupAllowFrom: [String(ada.id), String(bob.id)],
      groups: b.account === "default" ? { [String(group.id)]: { requireMention: true } } : {},
      // One bot answers with rich messages (Bot API 10.1), to compare with the others' HTML.
      ...(b.account === RICH_DEMO_ACCOUNT ? { richMessages: "auto" } : {}),
    };
  }
  const config = {
    version: "2.0.0",
    enabled: true,
    defaultAccount: "default",
    accounts,
    bindings: bots.map((b) => ({ agentId: b.agent, match: { channel: "telegram", accountId: b.account } })),
    agents: {
      main: {
        name: "Acme wiki",
        section: "",
        editors: [String(ada.id)],
        greeting: "Hi! Ask me anything about wiki-gateway.",
      },
      devops: {
        name: "DevOps cheatsheets",
        section: "tldr",
        // Every locale: the tldr translations, when the demo holds them, answer in their language.
        locale: "*",
        greeting: "Ask me how to do something on the command line.",
      },
    },
  };
  const configPath = join(dir, "gateway.json");
  await writeFile(configPath, `${JSON.stringify(config, null, 2)}\n`);
  return {
    configPath,
    accounts: bots.map((b) => ({ account: b.account, bot: b.username })),
    userId: ada.id,
    groupId: group.id,
  };
}
