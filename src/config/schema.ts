import { z } from "zod";
import { FIELD_DOCS } from "./field-docs.js";
import { MODEL_NAME, MODEL_USES, modelSchema, modelsSchema, VOICE_DEFAULTS } from "./model-schema.js";
import { digestSchema, unansweredSchema } from "./unanswered-schema.js";
import {
  BOT_TOKEN_PATTERN,
  checkUserId,
  isGroupKey,
  isPlaceholderToken,
  isTopicKey,
  looksLikeSupergroupWithoutMinus,
  WILDCARD,
} from "./ids.js";
import {
  ACCOUNT_HINTS,
  BOT_TOKEN_HINT,
  GROUP_KEY_HINT,
  TOPIC_KEY_HINT,
  USER_ID_NUMBER_HINT,
  USER_ID_STRING_HINT,
} from "./json-hints.js";

/**
 * The zod schema of gateway.json (configuration description version 2.0.0).
 *
 * Contract: a file this schema accepts can be run: every id is normalised, every account is bound
 * to exactly one agent, no webhook setting exists. Cross-field rules live in `validateGatewayConfig`
 * (validate.ts); this file describes shapes and per-field rules. Every issue carries `params.fix`
 * (what to change) where the generic message would not say it. Every key carries its docs text
 * (`.describe`) and, where a rule lives in code, its JSON Schema form (`.meta`, json-hints.ts), for
 * config/gateway.schema.json.
 */
export const ACCOUNT_NAME = /^[a-z0-9][a-z0-9_-]*$/;
export const AGENT_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

const fix = (text: string) => ({ fix: text });
const DOCS = FIELD_DOCS;
// `.meta({ default })` repeats a default where the value transforms somewhere inside: the JSON
// schema generator drops such defaults otherwise (json-schema.ts keeps the stated one).

/** A list of user ids: strings of digits (numbers accepted) or "*"; normalised to strings. */
function userIdList(groupsPath: string) {
  const entry = z.union([z.string().meta(USER_ID_STRING_HINT), z.number().meta(USER_ID_NUMBER_HINT)]);
  return z.array(entry).transform((items, ctx) => {
    const out: string[] = [];
    items.forEach((item, index) => {
      const verdict = checkUserId(item, groupsPath);
      if (verdict.ok) out.push(verdict.value);
      else
        ctx.addIssue({ code: "custom", path: [index], message: verdict.message, params: fix(verdict.fix) });
    });
    return [...new Set(out)];
  });
}

/** A sender list that is empty when absent. */
function userIdListOrEmpty(groupsPath: string, description: string) {
  return userIdList(groupsPath).default([]).meta({ description, default: [] });
}

/** An agent id as bindings, `agents` and the group and topic overrides write it. */
const agentId = () => z.string().regex(AGENT_ID, { error: "must be letters, digits, '.', '_' or '-'" });

/** A forum topic's entry: every key optional, an unset key takes the group's (policy/group-rules.ts). */
export const topicSchema = z.strictObject({
  requireMention: z.boolean().optional().describe(DOCS.topic.requireMention),
  allowFrom: userIdList("the groups map").optional().describe(DOCS.topic.allowFrom),
  enabled: z.boolean().optional().describe(DOCS.topic.enabled),
  agentId: agentId().optional().describe(DOCS.topic.agentId),
  voice: z.boolean().optional().describe(DOCS.topic.voice),
});

const topicsSchema = z.record(z.string().meta(TOPIC_KEY_HINT), topicSchema).superRefine((topics, ctx) => {
  for (const key of Object.keys(topics)) {
    if (isTopicKey(key)) continue;
    ctx.addIssue({
      code: "custom",
      path: [key],
      message: `"${key}" is not a topic id (topics are keyed by thread id, a positive integer)`,
      params: fix(
        'use the topic\'s thread id as a string, e.g. "42" (the last number of a link to the topic, t.me/c/<chat>/42); "1" is General',
      ),
    });
  }
});

export const groupSchema = z.strictObject({
  /** Absent means true (policy/evaluate.ts); the default is stated for editors only. */
  requireMention: z.boolean().optional().meta({ description: DOCS.group.requireMention, default: true }),
  allowFrom: userIdList("the groups map").optional().describe(DOCS.group.allowFrom),
  enabled: z.boolean().default(true).describe(DOCS.group.enabled),
  /** Absent means false (policy/evaluate.ts). */
  allowAnonymousAdmins: z
    .boolean()
    .optional()
    .meta({ description: DOCS.group.allowAnonymousAdmins, default: false }),
  agentId: agentId().optional().describe(DOCS.group.agentId),
  topics: topicsSchema.optional().describe(DOCS.group.topics),
  /** Absent means true (policy/evaluate.ts). */
  voice: z.boolean().optional().meta({ description: DOCS.group.voice, default: true }),
});

const tokenSchema = z.string().superRefine((token, ctx) => {
  if (BOT_TOKEN_PATTERN.test(token)) return;
  if (isPlaceholderToken(token)) {
    ctx.addIssue({
      code: "custom",
      message: `"${token.slice(0, 40)}" is a placeholder, not a bot token`,
      params: fix("replace the placeholder with the token BotFather gave you, or use botTokenFile"),
    });
    return;
  }
  ctx.addIssue({
    code: "custom",
    message: "does not look like a bot token (<digits>:<35 or more letters, digits, - or _>)",
    params: fix("copy the whole token from BotFather (/token), or point botTokenFile at a file holding it"),
  });
});

export const accountSchema = z
  .strictObject({
    enabled: z.boolean().default(true).describe(DOCS.account.enabled),
    name: z.string().optional().describe(DOCS.account.name),
    botToken: tokenSchema.meta(BOT_TOKEN_HINT).optional().describe(DOCS.account.botToken),
    botTokenFile: z.string().min(1).optional().describe(DOCS.account.botTokenFile),
    dmPolicy: z
      .enum(["pairing", "allowlist", "open", "disabled"])
      .default("pairing")
      .describe(DOCS.account.dmPolicy),
    allowFrom: userIdListOrEmpty("this account's groups", DOCS.account.allowFrom),
    groupPolicy: z
      .enum(["allowlist", "open", "disabled"])
      .default("allowlist")
      .describe(DOCS.account.groupPolicy),
    groupAllowFrom: userIdList("this account's groups").optional().describe(DOCS.account.groupAllowFrom),
    inline: z.boolean().default(true).describe(DOCS.account.inline),
    richMessages: z.enum(["auto", "off"]).default("off").describe(DOCS.account.richMessages),
    groups: z
      .record(z.string().meta(GROUP_KEY_HINT), groupSchema)
      .default({})
      .meta({ description: DOCS.account.groups, default: {} })
      .superRefine((groups, ctx) => {
        for (const key of Object.keys(groups)) {
          if (isGroupKey(key)) continue;
          if (looksLikeSupergroupWithoutMinus(key)) {
            ctx.addIssue({
              code: "custom",
              path: [key],
              message: `"${key}" looks like a supergroup id missing its minus sign`,
              params: fix(`write the key as "-${key}" (group ids are negative; supergroups start with -100)`),
            });
            continue;
          }
          const positive = /^\d+$/.test(key);
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: positive
              ? `"${key}" is a user id; group ids are negative (supergroups start with -100)`
              : `"${key}" is not a group id`,
            params: fix(
              positive
                ? "put user ids in allowFrom or groupAllowFrom; use the group's negative id here (ask /whoami in the group)"
                : 'use the group\'s negative id as a string, e.g. "-1001234567890", or "*" for every group',
            ),
          });
        }
      }),
  })
  .meta(ACCOUNT_HINTS)
  .superRefine((account, ctx) => {
    const sources = [account.botToken, account.botTokenFile].filter((v) => v !== undefined).length;
    if (sources !== 1) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: sources === 0 ? "has no bot token" : "has both botToken and botTokenFile",
        params: fix(
          "set exactly one of botToken or botTokenFile (a file, e.g. a Docker secret, is preferred)",
        ),
      });
    }
    if (account.dmPolicy === "allowlist" && account.allowFrom.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["allowFrom"],
        message: 'dmPolicy "allowlist" with an empty allowFrom answers nobody',
        params: fix('add the user ids to allowFrom, use "*" for everyone, or set dmPolicy to "disabled"'),
      });
    }
  });

export const bindingSchema = z.strictObject({
  agentId: agentId().describe(DOCS.binding.agentId),
  match: z
    .strictObject({
      channel: z
        .literal("telegram", { error: 'the only channel is "telegram"' })
        .describe(DOCS.match.channel),
      accountId: z.string().describe(DOCS.match.accountId),
    })
    .describe(DOCS.binding.match),
});

const localeCode = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, { error: "must be a language code like en or pt-br" });

export const agentSchema = z.strictObject({
  name: z.string().optional().describe(DOCS.agent.name),
  /** Leading and trailing slashes are dropped. */
  section: z
    .string()
    .default("")
    .transform((s) => s.replace(/^\/+|\/+$/g, ""))
    .meta({ description: DOCS.agent.section, default: "" }),
  locale: z
    .union([
      localeCode,
      z.literal("*"),
      z.array(localeCode).min(1, { error: "must name at least one locale" }),
    ])
    .default("en")
    .describe(DOCS.agent.locale),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, {
      error: "must be a language code like en, ru or zh-hans",
    })
    .optional()
    .meta({ description: DOCS.agent.language, default: "en" }),
  editors: userIdListOrEmpty("the account's groups", DOCS.agent.editors),
  publicBaseUrl: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .optional()
    .describe(DOCS.agent.publicBaseUrl),
  answerLength: z.number().int().min(200).max(3900).default(1200).describe(DOCS.agent.answerLength),
  greeting: z.string().max(1000).optional().describe(DOCS.agent.greeting),
  ackReaction: z.boolean().optional().meta({ description: DOCS.agent.ackReaction, default: false }),
  conversationMinutes: z
    .number()
    .int()
    .min(0)
    .max(1440)
    .optional()
    .meta({ description: DOCS.agent.conversationMinutes, default: 30 }),
  model: z
    .string()
    .regex(MODEL_NAME, { error: "must be a name from models" })
    .optional()
    .describe(DOCS.agent.model),
  modelUse: z.enum(MODEL_USES).optional().describe(DOCS.agent.modelUse),
  unanswered: unansweredSchema.optional().describe(DOCS.agent.unanswered),
  speechToText: z
    .string()
    .regex(MODEL_NAME, { error: "must be a name from models" })
    .optional()
    .describe(DOCS.agent.speechToText),
  voiceMaxSeconds: z
    .number()
    .int()
    .min(1)
    .max(3600)
    .optional()
    .meta({ description: DOCS.agent.voiceMaxSeconds, default: VOICE_DEFAULTS.maxSeconds }),
  voiceMaxMegabytes: z
    .number()
    .min(0.01)
    .max(20, { error: "must be at most 20: Telegram's getFile serves no larger file" })
    .optional()
    .meta({ description: DOCS.agent.voiceMaxMegabytes, default: VOICE_DEFAULTS.maxMegabytes }),
  voicePerUserPerHour: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .meta({ description: DOCS.agent.voicePerUserPerHour, default: VOICE_DEFAULTS.perUserPerHour }),
});

export const gatewayConfigSchema = z
  .strictObject({
    $schema: z.string().optional().describe(DOCS.root.$schema),
    version: z.string().optional().describe(DOCS.root.version),
    enabled: z.boolean().default(true).describe(DOCS.root.enabled),
    defaultAccount: z.string().describe(DOCS.root.defaultAccount),
    accounts: z
      .record(z.string().meta({ pattern: ACCOUNT_NAME.source }), accountSchema)
      .meta({ description: DOCS.root.accounts, minProperties: 1 }),
    bindings: z.array(bindingSchema).describe(DOCS.root.bindings),
    agents: z
      .record(z.string(), agentSchema)
      .default({})
      .meta({ description: DOCS.root.agents, default: {} }),
    models: modelsSchema,
  })
  .meta({
    title: "wiki-gateway gateway.json",
    description: "Which Telegram bots run, who may talk to them and which agent answers.",
  });

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
export type AccountConfig = z.output<typeof accountSchema>;
export type GroupConfig = z.output<typeof groupSchema>;
export type TopicConfig = z.output<typeof topicSchema>;
export type BindingConfig = z.output<typeof bindingSchema>;
export type AgentConfig = z.output<typeof agentSchema>;
export type DmPolicy = AccountConfig["dmPolicy"];
export type GroupPolicy = AccountConfig["groupPolicy"];

/** Known keys of each object kind, for "did you mean" suggestions. */
export const KNOWN_KEYS = {
  root: Object.keys(gatewayConfigSchema.shape),
  account: [
    "enabled",
    "name",
    "botToken",
    "botTokenFile",
    "dmPolicy",
    "allowFrom",
    "groupPolicy",
    "groupAllowFrom",
    "groups",
    "inline",
    "richMessages",
  ],
  group: Object.keys(groupSchema.shape),
  topic: Object.keys(topicSchema.shape),
  binding: Object.keys(bindingSchema.shape),
  match: ["channel", "accountId"],
  agent: Object.keys(agentSchema.shape),
  model: Object.keys(modelSchema.shape),
  unanswered: Object.keys(unansweredSchema.shape),
  digest: Object.keys(digestSchema.shape),
} as const;

export { WILDCARD };
