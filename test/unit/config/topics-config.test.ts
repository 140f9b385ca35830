import { describe, expect, it } from "vitest";
import { validateGatewayConfig } from "../../../src/config/validate.js";

/** gateway.json's forum topics and agent overrides: what `check` accepts, and what it refuses with a fix. */
const TOKEN = "123456789:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkS1";
const FORUM = "-1001234567890";

function base(): Record<string, any> {
  return {
    defaultAccount: "default",
    accounts: {
      default: {
        botToken: TOKEN,
        allowFrom: ["111"],
        groups: { [FORUM]: { requireMention: true, topics: { "9": { agentId: "support" } } } },
      },
    },
    bindings: [{ agentId: "main", match: { channel: "telegram", accountId: "default" } }],
    agents: { support: { section: "support" } },
  };
}

const forum = (c: Record<string, any>) => c.accounts.default.groups[FORUM];

type Case = {
  name: string;
  patch: (c: Record<string, any>) => void;
  path?: string;
  message?: RegExp;
  fix?: RegExp;
};

const cases: Case[] = [
  {
    name: "topics with every key, and a topic answered by an agent of agents",
    patch: (c) =>
      (forum(c).topics = {
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
    patch: (c) => (forum(c).topics = { "7": { agentId: "suport" } }),
    path: `accounts.default.groups["${FORUM}"].topics["7"].agentId`,
    message: /"suport", which is neither bound to an account nor defined in agents/,
    fix: /use one of: main, support; or add "suport"/,
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
    patch: (c) => (c.agents.lonely = {}),
    path: "agents.lonely",
    message: /no binding uses it, nor any group or topic/,
  },
];

describe("topics and agent overrides in gateway.json", () => {
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
  });

  it("names an unknown agent even when another part of the file fails the schema", () => {
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
});
