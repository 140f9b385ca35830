import { describe, expect, it } from "vitest";
import { validateGatewayConfig } from "../../../src/config/validate.js";

const TOKEN_A = "123456789:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkS1";
const TOKEN_B = "987654321:BBEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkS2";

/** A minimal valid configuration; each case patches a copy of it. */
function base(): Record<string, any> {
  return {
    enabled: true,
    defaultAccount: "default",
    accounts: {
      default: {
        botToken: TOKEN_A,
        allowFrom: ["111"],
        groups: { "-1001234567890": { requireMention: true } },
      },
      vera: { botTokenFile: "secrets/vera.token" },
    },
    bindings: [
      { agentId: "main", match: { channel: "telegram", accountId: "default" } },
      { agentId: "vera", match: { channel: "telegram", accountId: "vera" } },
    ],
  };
}

type Case = {
  name: string;
  patch: (c: Record<string, any>) => void;
  /** undefined = must be valid; otherwise the expected problem. */
  path?: string;
  message?: RegExp;
  fix?: RegExp;
};

const FORUM = "-1001234567890";
/** The forum group's entry of the base configuration. */
const forum = (c: Record<string, any>) => c.accounts.default.groups[FORUM];
/** Defines the support agent (a topic must then use it) and returns the forum group's entry. */
const withSupport = (c: Record<string, any>) => {
  c.agents = { support: { section: "support" } };
  return forum(c);
};

const cases: Case[] = [
  // Shapes and types
  { name: "minimal config", patch: () => {} },
  // Supergroup ids written without their minus sign
  {
    name: "groups key: a supergroup id missing its minus sign",
    patch: (c) => (c.accounts.default.groups = { "1001234567890": {} }),
    path: 'accounts.default.groups["1001234567890"]',
    message: /missing its minus sign/,
    fix: /"-1001234567890"/,
  },
  {
    name: "allowFrom: a supergroup id missing its minus sign",
    patch: (c) => (c.accounts.default.allowFrom = ["1001234567890"]),
    path: "accounts.default.allowFrom[0]",
    message: /missing its minus sign/,
    fix: /"-1001234567890"/,
  },
  {
    name: "groupAllowFrom: a supergroup id missing its minus sign, as a number",
    patch: (c) => (c.accounts.default.groupAllowFrom = [1001234567890]),
    path: "accounts.default.groupAllowFrom[0]",
    message: /missing its minus sign/,
  },
  {
    name: "a 10-digit user id is still a user id",
    patch: (c) => (c.accounts.default.allowFrom = ["1001234567"]),
  },
  {
    name: "allowAnonymousAdmins is a group key",
    patch: (c) => (c.accounts.default.groups["-1001234567890"].allowAnonymousAdmins = true),
  },
  {
    name: "allowAnonymousAdmins must be boolean",
    patch: (c) => (c.accounts.default.groups["-1001234567890"].allowAnonymousAdmins = "yes"),
    path: 'accounts.default.groups["-1001234567890"].allowAnonymousAdmins',
  },
  { name: "enabled must be boolean", patch: (c) => (c.enabled = "yes"), path: "enabled", fix: /boolean/ },
  { name: "enabled false is accepted", patch: (c) => (c.enabled = false) },
  {
    name: "defaultAccount is required",
    patch: (c) => delete c.defaultAccount,
    path: "defaultAccount",
    message: /required/,
    fix: /add "defaultAccount"/,
  },
  {
    name: "defaultAccount must name an account",
    patch: (c) => (c.defaultAccount = "nobody"),
    path: "defaultAccount",
    message: /not an account/,
    fix: /default, vera/,
  },
  {
    name: "accounts must not be empty",
    patch: (c) => {
      c.accounts = {};
      c.bindings = [];
      c.defaultAccount = "x";
    },
    path: "accounts",
    fix: /add at least one account/,
  },
  {
    name: "account name pattern",
    patch: (c) => {
      c.accounts["Bad Name"] = c.accounts.vera;
      delete c.accounts.vera;
      c.bindings[1].match.accountId = "Bad Name";
    },
    path: 'accounts["Bad Name"]',
    fix: /lower-case/,
  },
  {
    name: "account name with dash is fine",
    patch: (c) => {
      c.accounts["devops-v2"] = c.accounts.vera;
      delete c.accounts.vera;
      c.bindings[1].match.accountId = "devops-v2";
    },
  },
  // Tokens
  {
    name: "no token at all",
    patch: (c) => delete c.accounts.vera.botTokenFile,
    path: "accounts.vera",
    message: /no bot token/,
    fix: /exactly one of botToken or botTokenFile/,
  },
  {
    name: "both token and file",
    patch: (c) => (c.accounts.vera.botToken = TOKEN_B),
    path: "accounts.vera",
    message: /both/,
    fix: /exactly one/,
  },
  {
    name: "placeholder token",
    patch: (c) => (c.accounts.default.botToken = "<BOT_TOKEN>"),
    path: "accounts.default.botToken",
    message: /placeholder/,
    fix: /replace the placeholder/,
  },
  {
    name: "malformed token",
    patch: (c) => (c.accounts.default.botToken = "12345:short"),
    path: "accounts.default.botToken",
    message: /does not look like a bot token/,
    fix: /BotFather/,
  },
  {
    name: "duplicate tokens",
    patch: (c) => {
      c.accounts.vera = { botToken: TOKEN_A };
    },
    path: "accounts.vera.botToken",
    message: /same token as account "default"/,
    fix: /own bot/,
  },
  {
    name: "a disabled account may keep the token an enabled one uses",
    patch: (c) => {
      c.accounts.vera = { botToken: TOKEN_A, enabled: false };
    },
  },
  {
    name: "distinct tokens",
    patch: (c) => {
      c.accounts.vera = { botToken: TOKEN_B };
    },
  },
  // Policies
  {
    name: "dmPolicy values",
    patch: (c) => (c.accounts.default.dmPolicy = "friends"),
    path: "accounts.default.dmPolicy",
    fix: /"pairing", "allowlist", "open", "disabled"/,
  },
  { name: "dmPolicy allowlist with users", patch: (c) => (c.accounts.default.dmPolicy = "allowlist") },
  {
    name: "dmPolicy allowlist empty",
    patch: (c) => {
      c.accounts.vera.dmPolicy = "allowlist";
    },
    path: "accounts.vera.allowFrom",
    message: /answers nobody/,
    fix: /add the user ids/,
  },
  {
    name: "groupPolicy values",
    patch: (c) => (c.accounts.default.groupPolicy = "everyone"),
    path: "accounts.default.groupPolicy",
    fix: /"allowlist", "open", "disabled"/,
  },
  { name: "groupPolicy open accepted", patch: (c) => (c.accounts.default.groupPolicy = "open") },
  // Ids in sender lists
  { name: "numeric id as number is normalised", patch: (c) => (c.accounts.default.allowFrom = [111, "222"]) },
  { name: "wildcard in allowFrom", patch: (c) => (c.accounts.default.allowFrom = ["*"]) },
  {
    name: "group id in allowFrom",
    patch: (c) => (c.accounts.default.allowFrom = ["-1001234567890"]),
    path: "accounts.default.allowFrom[0]",
    message: /group id/,
    fix: /move it to .*groups/,
  },
  {
    name: "group id in groupAllowFrom",
    patch: (c) => (c.accounts.default.groupAllowFrom = ["111", "-100987"]),
    path: "accounts.default.groupAllowFrom[1]",
    message: /group id/,
    fix: /groups/,
  },
  {
    name: "username in allowFrom",
    patch: (c) => (c.accounts.default.allowFrom = ["@alice_smith"]),
    path: "accounts.default.allowFrom[0]",
    message: /username/,
    fix: /\/whoami/,
  },
  {
    name: "garbage in allowFrom",
    patch: (c) => (c.accounts.default.allowFrom = ["12a"]),
    path: "accounts.default.allowFrom[0]",
    message: /not a numeric/,
    fix: /user id/,
  },
  {
    name: "group id in group allowFrom",
    patch: (c) => (c.accounts.default.groups["-1001234567890"].allowFrom = ["-5"]),
    path: 'accounts.default.groups["-1001234567890"].allowFrom[0]',
    message: /group id/,
  },
  { name: "groupAllowFrom with user ids", patch: (c) => (c.accounts.default.groupAllowFrom = ["111", 222]) },
  // Groups map
  {
    name: "positive group key",
    patch: (c) => (c.accounts.default.groups = { "12345": {} }),
    path: 'accounts.default.groups["12345"]',
    message: /user id/,
    fix: /negative id/,
  },
  {
    name: "non-numeric group key",
    patch: (c) => (c.accounts.default.groups = { team: {} }),
    path: "accounts.default.groups.team",
    message: /not a group id/,
    fix: /-1001234567890/,
  },
  {
    name: "wildcard group key",
    patch: (c) => (c.accounts.default.groups = { "*": { requireMention: true, allowFrom: ["111"] } }),
  },
  { name: "basic group key", patch: (c) => (c.accounts.default.groups = { "-987654321": {} }) },
  {
    name: "requireMention must be boolean",
    patch: (c) => (c.accounts.default.groups["-1001234567890"].requireMention = "yes"),
    path: 'accounts.default.groups["-1001234567890"].requireMention',
    fix: /boolean/,
  },
  // Webhooks
  {
    name: "webhookUrl refused",
    patch: (c) => (c.accounts.default.webhookUrl = "https://x.example/hook"),
    path: "accounts.default.webhookUrl",
    message: /long polling only/,
    fix: /remove "webhookUrl"/,
  },
  {
    name: "webhookSecret at root refused",
    patch: (c) => (c.webhookSecret = "s3cret"),
    path: "webhookSecret",
    message: /long polling only/,
    fix: /remove "webhookSecret"/,
  },
  // Unknown keys
  {
    name: "unknown account key with suggestion",
    patch: (c) => (c.accounts.default.requireMentoin = true),
    path: "accounts.default.requireMentoin",
    message: /unknown key/,
  },
  {
    name: "typo of allowFrom",
    patch: (c) => (c.accounts.default.alowFrom = ["1"]),
    path: "accounts.default.alowFrom",
    fix: /did you mean "allowFrom"/,
  },
  {
    name: "typo at root",
    patch: (c) => (c.defaultAcount = "default"),
    path: "defaultAcount",
    fix: /did you mean "defaultAccount"/,
  },
  {
    name: "typo in group entry",
    patch: (c) => (c.accounts.default.groups["-1001234567890"].requireMentions = true),
    path: 'accounts.default.groups["-1001234567890"].requireMentions',
    fix: /did you mean "requireMention"/,
  },
  {
    name: "unknown key far from any",
    patch: (c) => (c.accounts.default.zzzzzzzzzz = 1),
    path: "accounts.default.zzzzzzzzzz",
    fix: /known keys here/,
  },
  // Bindings
  {
    name: "binding to unknown account",
    patch: (c) => (c.bindings[1].match.accountId = "ghost"),
    path: "bindings[1].match.accountId",
    message: /not an account/,
  },
  {
    name: "unbound account",
    patch: (c) => c.bindings.pop(),
    path: "accounts.vera",
    message: /not bound/,
    fix: /add \{ "agentId"/,
  },
  {
    name: "account bound twice",
    patch: (c) => c.bindings.push({ agentId: "other", match: { channel: "telegram", accountId: "vera" } }),
    path: "bindings[2]",
    message: /more than once/,
  },
  {
    name: "binding channel must be telegram",
    patch: (c) => (c.bindings[0].match.channel = "slack"),
    path: "bindings[0].match.channel",
    message: /telegram/,
  },
  {
    name: "binding agentId pattern",
    patch: (c) => (c.bindings[0].agentId = "main agent!"),
    path: "bindings[0].agentId",
  },
  { name: "two accounts may share an agent", patch: (c) => (c.bindings[1].agentId = "main") },
  // Agents
  {
    name: "agent settings accepted",
    patch: (c) =>
      (c.agents = {
        main: {
          section: "/devops/",
          locale: "en",
          editors: ["111"],
          publicBaseUrl: "https://wiki.example.com",
          answerLength: 800,
          greeting: "hi",
        },
      }),
  },
  {
    name: "agent not bound",
    patch: (c) => (c.agents = { lonely: {} }),
    path: "agents.lonely",
    message: /no binding uses it/,
  },
  {
    name: "agent editors are user ids",
    patch: (c) => (c.agents = { main: { editors: ["@bob_editor"] } }),
    path: "agents.main.editors[0]",
    fix: /\/whoami/,
  },
  {
    name: "agent publicBaseUrl must be a URL",
    patch: (c) => (c.agents = { main: { publicBaseUrl: "wiki" } }),
    path: "agents.main.publicBaseUrl",
  },
  {
    name: "agent publicBaseUrl must be http(s): javascript: is refused",
    patch: (c) => (c.agents = { main: { publicBaseUrl: "javascript:alert(1)" } }),
    path: "agents.main.publicBaseUrl",
    message: /absolute http\(s\) URL/,
  },
  {
    name: "agent publicBaseUrl must be http(s): ftp: is refused",
    patch: (c) => (c.agents = { main: { publicBaseUrl: "ftp://files.example.com/wiki" } }),
    path: "agents.main.publicBaseUrl",
    message: /absolute http\(s\) URL/,
  },
  {
    name: "agent publicBaseUrl may be plain http",
    patch: (c) => (c.agents = { main: { publicBaseUrl: "http://wiki.internal:3000" } }),
  },
  {
    name: "agent answerLength bounds",
    patch: (c) => (c.agents = { main: { answerLength: 10000 } }),
    path: "agents.main.answerLength",
  },
  {
    name: "agent unknown key",
    patch: (c) => (c.agents = { main: { sectoin: "x" } }),
    path: "agents.main.sectoin",
    fix: /did you mean "section"/,
  },
  // Forum topics and the agents groups and topics name
  {
    name: "topics with every key, and a topic answered by an agent of agents",
    patch: (c) =>
      (withSupport(c).topics = {
        "1": { requireMention: true },
        "42": { requireMention: false, enabled: true, allowFrom: ["*"], agentId: "support" },
        "43": { enabled: false },
      }),
  },
  { name: "a group answered by the bound agent named explicitly", patch: (c) => (forum(c).agentId = "main") },
  {
    name: 'topics under the "*" entry',
    patch: (c) =>
      (c.accounts.default.groups["*"] = { topics: { "1": { enabled: false } }, allowFrom: ["111"] }),
  },
  {
    name: "a topic key that is a name",
    patch: (c) => (forum(c).topics = { support: { requireMention: false } }),
    path: `accounts.default.groups["${FORUM}"].topics.support`,
    message: /not a topic id/,
    fix: /thread id.*"1" is General/,
  },
  {
    name: "a topic key that is not positive",
    patch: (c) => (forum(c).topics = { "0": {}, "-5": {} }),
    path: `accounts.default.groups["${FORUM}"].topics["-5"]`,
    message: /not a topic id/,
  },
  {
    name: "a topic key with a leading zero",
    patch: (c) => (forum(c).topics = { "07": {} }),
    path: `accounts.default.groups["${FORUM}"].topics["07"]`,
    message: /not a topic id/,
  },
  {
    name: "an unknown key in a topic, with the nearest known key",
    patch: (c) => (forum(c).topics = { "7": { requireMentions: false } }),
    path: `accounts.default.groups["${FORUM}"].topics["7"].requireMentions`,
    fix: /did you mean "requireMention"/,
  },
  {
    name: "allowAnonymousAdmins is a group key only",
    patch: (c) => (forum(c).topics = { "7": { allowAnonymousAdmins: true } }),
    path: `accounts.default.groups["${FORUM}"].topics["7"].allowAnonymousAdmins`,
    message: /unknown key/,
  },
  {
    name: "a group id in a topic's allowFrom",
    patch: (c) => (forum(c).topics = { "7": { allowFrom: [FORUM] } }),
    path: `accounts.default.groups["${FORUM}"].topics["7"].allowFrom[0]`,
    message: /group id/,
  },
  {
    name: "a topic naming an unknown agent",
    patch: (c) => (withSupport(c).topics = { "7": { agentId: "suport" } }),
    path: `accounts.default.groups["${FORUM}"].topics["7"].agentId`,
    message: /"suport", which is neither bound to an account nor defined in agents/,
    fix: /use one of: main, support, vera; or add "suport"/,
  },
  {
    name: "a group naming an unknown agent",
    patch: (c) => (forum(c).agentId = "helpdesk"),
    path: `accounts.default.groups["${FORUM}"].agentId`,
    message: /"helpdesk"/,
  },
  {
    name: "an agent id that is not one",
    patch: (c) => (forum(c).topics = { "7": { agentId: "sup port" } }),
    path: `accounts.default.groups["${FORUM}"].topics["7"].agentId`,
    message: /letters, digits/,
  },
  {
    name: "an agent of agents used by no binding, group or topic",
    patch: (c) => {
      withSupport(c).topics = { "7": { agentId: "support" } };
      c.agents.lonely = {};
    },
    path: "agents.lonely",
    message: /no binding uses it, nor any group or topic/,
  },
];

describe("validateGatewayConfig", () => {
  it.each(cases)("$name", ({ patch, path, message, fix }) => {
    const config = base();
    patch(config);
    const result = validateGatewayConfig(config);
    if (path === undefined) {
      expect(result.ok ? [] : result.problems).toEqual([]);
      return;
    }
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const problem = result.problems.find((p) => p.path === path);
    expect(problem, `problems were: ${JSON.stringify(result.problems, null, 1)}`).toBeDefined();
    if (message) expect(problem!.message).toMatch(message);
    if (fix) expect(problem!.fix).toMatch(fix);
    expect(problem!.fix.length).toBeGreaterThan(5);
  });

  it("reports every problem at once", () => {
    const config = base();
    config.accounts.default.allowFrom = ["-100", "@someone"];
    config.accounts.vera.webhookUrl = "https://x";
    config.defaultAccount = "ghost";
    const result = validateGatewayConfig(config);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.length).toBeGreaterThanOrEqual(4);
  });

  it("normalises ids and applies policy defaults", () => {
    const config = base();
    config.accounts.default.allowFrom = [111, "222", "222"];
    const result = validateGatewayConfig(config);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const account = result.config.accounts.default!;
    expect(account.allowFrom).toEqual(["111", "222"]);
    expect(account.dmPolicy).toBe("pairing");
    expect(account.groupPolicy).toBe("allowlist");
    expect(result.config.accounts.vera!.groups).toEqual({});
  });

  it("never throws on arbitrary JSON", () => {
    for (const raw of [null, 1, "x", [], { accounts: null }, { accounts: [] }, { bindings: {} }]) {
      const result = validateGatewayConfig(raw);
      expect(result.ok).toBe(false);
    }
  });

  it("names an unknown agent of a topic even when another part of the file fails the schema", () => {
    const config = base();
    forum(config).topics = { "7": { agentId: "suport" } };
    config.accounts.default.dmPolicy = "sometimes";
    const result = validateGatewayConfig(config);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        "accounts.default.dmPolicy",
        `accounts.default.groups["${FORUM}"].topics["7"].agentId`,
      ]),
    );
  });

  describe("empty group sender lists (a list, so nobody is admitted)", () => {
    const warnings = (patch: (c: Record<string, any>) => void) => {
      const config = base();
      patch(config);
      const result = validateGatewayConfig(config);
      expect(result.ok).toBe(true);
      return result.ok ? result.warnings : [];
    };
    const G = `accounts.default.groups["${FORUM}"]`;

    it("groupAllowFrom: []: warned, with the fallback of removing it", () => {
      const found = warnings((c) => (c.accounts.default.groupAllowFrom = []));
      expect(found).toEqual([
        {
          path: "accounts.default.groupAllowFrom",
          message: expect.stringMatching(/is empty, so no member is answered/),
          fix: expect.stringMatching(
            /list the user ids.*remove groupAllowFrom: then every member of a group listed by its id/,
          ),
        },
      ]);
    });

    it("a group's allowFrom: []: warned; removing it falls back to groupAllowFrom, or to every member", () => {
      const alone = warnings((c) => (forum(c).allowFrom = []));
      expect(alone).toEqual([
        {
          path: `${G}.allowFrom`,
          message: "is empty, so no member is answered in this group",
          fix: expect.stringMatching(/remove allowFrom here: then every member of this group is answered/),
        },
      ]);
      const withAccountList = warnings((c) => {
        forum(c).allowFrom = [];
        c.accounts.default.groupAllowFrom = ["111"];
      });
      expect(withAccountList.map((w) => [w.path, w.fix])).toEqual([
        [`${G}.allowFrom`, expect.stringMatching(/then the account's groupAllowFrom applies/)],
      ]);
    });

    it('the "*" entry and a topic: warned at their own paths', () => {
      const found = warnings((c) => {
        c.accounts.default.groups["*"] = { allowFrom: [] };
        forum(c).topics = { "7": { allowFrom: [] } };
      });
      expect(found.map((w) => w.path).sort()).toEqual(
        [`accounts.default.groups["*"].allowFrom`, `${G}.topics["7"].allowFrom`].sort(),
      );
      expect(found.find((w) => w.path.includes("topics"))?.message).toMatch(/nobody|no member/);
    });

    it("not warned: lists with ids, groupPolicy disabled, a groupAllowFrom no group consults", () => {
      expect(warnings((c) => (c.accounts.default.groupAllowFrom = ["111"]))).toEqual([]);
      expect(
        warnings((c) => {
          c.accounts.default.groupPolicy = "disabled";
          c.accounts.default.groupAllowFrom = [];
          forum(c).allowFrom = [];
        }),
      ).toEqual([]);
      expect(
        warnings((c) => {
          c.accounts.default.groupAllowFrom = [];
          forum(c).allowFrom = ["111"];
        }),
      ).toEqual([]);
    });
  });

  it("warns about open policies", () => {
    const config = base();
    config.accounts.default.dmPolicy = "open";
    const result = validateGatewayConfig(config);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.warnings.map((w) => w.path)).toContain("accounts.default.dmPolicy");
  });
});
