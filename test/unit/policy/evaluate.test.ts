import { describe, expect, it } from "vitest";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import type { MediaFile } from "../../../src/core/media-file.js";
import type { AccountConfig } from "../../../src/config/schema.js";
import type { Decision } from "../../../src/policy/decision.js";
import { evaluate, mayAskWhoamiInGroup, resolveAccountPolicy } from "../../../src/policy/evaluate.js";
import { account, approvals, dm, group } from "./fixtures.js";

interface Case {
  name: string;
  config: Record<string, unknown>;
  msg: InboundMessage;
  approved?: string[];
  expected: Decision;
}

const ok = (via: "allowlist" | "pairing" | "open" | "group"): Decision => ({ allow: true, via });
const no = (reason: Extract<Decision, { allow: false }>["reason"]): Decision => ({ allow: false, reason });
const pending: Decision = { allow: false, reason: "dm-pairing-pending", pairing: true };
const mention = { mentionsBot: true };
const G = "-1001";
const VOICE: MediaFile = {
  kind: "voice",
  fileId: "v1",
  fileUniqueId: "uv1",
  seconds: 3,
  mimeType: "audio/ogg",
};
const PHOTO: MediaFile = { kind: "photo", fileId: "p1", fileUniqueId: "up1", bytes: 80_000 };
/** An anonymous admin of group -1001 mentioning the bot, as Telegram sends it (no user id). */
const anonymous = (overrides: Partial<InboundMessage> = {}) =>
  group({
    anonymousAdmin: true,
    senderIsBot: true,
    senderId: undefined as never,
    senderChatId: -1001,
    ...mention,
    ...overrides,
  });

const cases: Case[] = [
  // Messages nobody answers
  {
    name: "disabled account",
    config: { enabled: false, dmPolicy: "open" },
    msg: dm(),
    expected: no("account-disabled"),
  },
  {
    name: "channel post",
    config: { dmPolicy: "open" },
    msg: dm({ chatType: "channel", chatId: -100777 }),
    expected: no("channel-post"),
  },
  {
    name: "channel post without sender",
    config: { groupPolicy: "open", groupAllowFrom: ["*"] },
    msg: group({ chatType: "channel", senderId: undefined as never }),
    expected: no("channel-post"),
  },
  {
    name: "bot sender in DM, even listed",
    config: { allowFrom: ["111"] },
    msg: dm({ senderIsBot: true }),
    expected: no("from-bot"),
  },
  {
    name: "bot sender in group, even listed",
    config: { groups: { [G]: { requireMention: false } } },
    msg: group({ senderIsBot: true }),
    expected: no("from-bot"),
  },
  {
    name: "DM without sender",
    config: { dmPolicy: "open" },
    msg: dm({ senderId: undefined as never }),
    expected: no("no-sender"),
  },
  {
    name: "anonymous admin in group",
    config: { groups: { [G]: {} } },
    msg: group({ senderId: undefined as never, ...mention }),
    expected: no("no-sender"),
  },
  {
    name: "negative sender id",
    config: { dmPolicy: "open" },
    msg: dm({ senderId: -5 }),
    expected: no("no-sender"),
  },
  { name: "sender id 0", config: { dmPolicy: "open" }, msg: dm({ senderId: 0 }), expected: no("no-sender") },
  {
    name: "unknown chat type",
    config: { dmPolicy: "open" },
    msg: dm({ chatType: "secret" as never }),
    expected: no("unsupported-chat"),
  },

  // dmPolicy pairing (the default)
  { name: "pairing: listed sender", config: { allowFrom: ["111"] }, msg: dm(), expected: ok("allowlist") },
  { name: "pairing: '*' in allowFrom", config: { allowFrom: ["*"] }, msg: dm(), expected: ok("allowlist") },
  {
    name: "pairing: approved sender",
    config: {},
    msg: dm(),
    approved: ["main:111"],
    expected: ok("pairing"),
  },
  { name: "pairing: unknown sender starts pairing", config: {}, msg: dm(), expected: pending },
  {
    name: "pairing: other listed user does not help",
    config: { allowFrom: ["222"] },
    msg: dm(),
    expected: pending,
  },
  {
    name: "pairing: approval of another account",
    config: {},
    msg: dm(),
    approved: ["other:111"],
    expected: pending,
  },
  {
    name: "pairing: approval of another user",
    config: {},
    msg: dm(),
    approved: ["main:222"],
    expected: pending,
  },
  {
    name: "pairing: numeric allowFrom normalised",
    config: { allowFrom: [111] },
    msg: dm(),
    expected: ok("allowlist"),
  },
  {
    name: "pairing: groupAllowFrom does not grant DMs",
    config: { groupAllowFrom: ["111"] },
    msg: dm(),
    expected: pending,
  },
  {
    name: "pairing: listed wins over approval",
    config: { allowFrom: ["111"] },
    msg: dm(),
    approved: ["main:111"],
    expected: ok("allowlist"),
  },
  {
    name: "pairing: mention does not matter in DMs",
    config: {},
    msg: dm({ ...mention, command: "start" }),
    expected: pending,
  },

  // dmPolicy allowlist
  {
    name: "allowlist: listed",
    config: { dmPolicy: "allowlist", allowFrom: ["111"] },
    msg: dm(),
    expected: ok("allowlist"),
  },
  {
    name: "allowlist: '*' = everyone",
    config: { dmPolicy: "allowlist", allowFrom: ["*"] },
    msg: dm({ senderId: 5 }),
    expected: ok("allowlist"),
  },
  {
    name: "allowlist: not listed",
    config: { dmPolicy: "allowlist", allowFrom: ["222"] },
    msg: dm(),
    expected: no("dm-not-allowed"),
  },
  {
    name: "allowlist: approvals ignored",
    config: { dmPolicy: "allowlist", allowFrom: ["222"] },
    msg: dm(),
    approved: ["main:111"],
    expected: no("dm-not-allowed"),
  },
  {
    name: "allowlist: numeric allowFrom normalised",
    config: { dmPolicy: "allowlist", allowFrom: [111, 333] },
    msg: dm(),
    expected: ok("allowlist"),
  },
  {
    name: "allowlist: prefix of a listed id is not listed",
    config: { dmPolicy: "allowlist", allowFrom: ["1111"] },
    msg: dm(),
    expected: no("dm-not-allowed"),
  },

  // dmPolicy open / disabled
  {
    name: "forged: a private chat that is not the sender's",
    config: { dmPolicy: "open" },
    msg: dm({ senderId: 111, chatId: 999 }),
    expected: no("chat-sender-mismatch"),
  },
  {
    name: "forged: allowed sender in a stranger's private chat",
    config: { dmPolicy: "allowlist", allowFrom: ["111"] },
    msg: dm({ senderId: 111, chatId: 222 }),
    expected: no("chat-sender-mismatch"),
  },
  { name: "open: anyone", config: { dmPolicy: "open" }, msg: dm({ senderId: 424242 }), expected: ok("open") },
  {
    name: "open: approvals irrelevant",
    config: { dmPolicy: "open" },
    msg: dm(),
    approved: ["main:111"],
    expected: ok("open"),
  },
  { name: "disabled: nobody", config: { dmPolicy: "disabled" }, msg: dm(), expected: no("dm-disabled") },
  {
    name: "disabled: even listed",
    config: { dmPolicy: "disabled", allowFrom: ["111", "*"] },
    msg: dm(),
    expected: no("dm-disabled"),
  },
  {
    name: "disabled: approvals ignored",
    config: { dmPolicy: "disabled" },
    msg: dm(),
    approved: ["main:111"],
    expected: no("dm-disabled"),
  },
  {
    name: "DMs unaffected by groupPolicy disabled",
    config: { groupPolicy: "disabled", allowFrom: ["111"] },
    msg: dm(),
    expected: ok("allowlist"),
  },

  // groupPolicy disabled
  {
    name: "groups disabled",
    config: { groupPolicy: "disabled" },
    msg: group(mention),
    expected: no("groups-disabled"),
  },
  {
    name: "groups disabled, group listed",
    config: { groupPolicy: "disabled", groups: { [G]: { requireMention: false } } },
    msg: group(mention),
    expected: no("groups-disabled"),
  },

  // groupPolicy allowlist: the chat gate
  {
    name: "unlisted group",
    config: { groups: { "-1002": {} } },
    msg: group(mention),
    expected: no("group-not-listed"),
  },
  { name: "no groups at all", config: {}, msg: group(mention), expected: no("group-not-listed") },
  {
    name: "group id prefix is not a match",
    config: { groups: { "-10011": {}, "-100": {} } },
    msg: group(mention),
    expected: no("group-not-listed"),
  },
  {
    name: "basic group listed",
    config: { groups: { [G]: {} } },
    msg: group({ chatType: "group", ...mention }),
    expected: ok("group"),
  },
  {
    name: "listed group entry disabled",
    config: { groups: { [G]: { enabled: false } } },
    msg: group(mention),
    expected: no("group-disabled"),
  },
  {
    name: "exact entry disabled beats enabled '*'",
    config: { groups: { [G]: { enabled: false }, "*": {} }, groupAllowFrom: ["*"] },
    msg: group(mention),
    expected: no("group-disabled"),
  },
  {
    name: "'*' disabled: unlisted groups off",
    config: { groups: { "*": { enabled: false } }, groupAllowFrom: ["111"] },
    msg: group(mention),
    expected: no("group-disabled"),
  },
  {
    name: "'*' disabled does not touch a listed group",
    config: { groups: { [G]: {}, "*": { enabled: false } } },
    msg: group(mention),
    expected: ok("group"),
  },
  {
    name: "forum topic disabled in an enabled group",
    config: { groups: { [G]: { topics: { "7": { enabled: false } } } } },
    msg: group({ ...mention, forum: true, threadId: 7 }),
    expected: no("topic-disabled"),
  },

  // the sender gate
  {
    name: "listed group, no list: every member",
    config: { groups: { [G]: {} } },
    msg: group({ senderId: 5, ...mention }),
    expected: ok("group"),
  },
  {
    name: "'*' only, no list: nobody",
    config: { groups: { "*": {} } },
    msg: group(mention),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "'*' with groupAllowFrom listing the sender",
    config: { groups: { "*": {} }, groupAllowFrom: ["111"] },
    msg: group(mention),
    expected: ok("group"),
  },
  {
    name: "'*' with groupAllowFrom not listing the sender",
    config: { groups: { "*": {} }, groupAllowFrom: ["222"] },
    msg: group(mention),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "'*' entry's own allowFrom",
    config: { groups: { "*": { allowFrom: ["111"] } } },
    msg: group(mention),
    expected: ok("group"),
  },
  {
    name: "'*' entry's allowFrom overrides groupAllowFrom",
    config: { groups: { "*": { allowFrom: ["222"] } }, groupAllowFrom: ["111"] },
    msg: group(mention),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "groupAllowFrom '*' with '*' group",
    config: { groups: { "*": {} }, groupAllowFrom: ["*"] },
    msg: group({ senderId: 77, ...mention }),
    expected: ok("group"),
  },
  {
    name: "group allowFrom overrides groupAllowFrom (deny)",
    config: { groups: { [G]: { allowFrom: ["222"] } }, groupAllowFrom: ["111"] },
    msg: group(mention),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "group allowFrom overrides groupAllowFrom (allow)",
    config: { groups: { [G]: { allowFrom: ["111"] } }, groupAllowFrom: ["222"] },
    msg: group(mention),
    expected: ok("group"),
  },
  {
    name: "group allowFrom '*'",
    config: { groups: { [G]: { allowFrom: ["*"] } }, groupAllowFrom: ["222"] },
    msg: group({ senderId: 9, ...mention }),
    expected: ok("group"),
  },
  {
    name: "empty group allowFrom admits nobody",
    config: { groups: { [G]: { allowFrom: [] } }, groupAllowFrom: ["111"] },
    msg: group(mention),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "listed group falls back to groupAllowFrom",
    config: { groups: { [G]: {} }, groupAllowFrom: ["222"] },
    msg: group(mention),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "'*' allowFrom does not apply to a listed group",
    config: { groups: { [G]: {}, "*": { allowFrom: ["222"] } } },
    msg: group(mention),
    expected: ok("group"),
  },
  {
    name: "numeric group allowFrom normalised",
    config: { groups: { [G]: { allowFrom: [111] } } },
    msg: group(mention),
    expected: ok("group"),
  },
  {
    name: "DM allowFrom does not grant groups",
    config: { allowFrom: ["111"], groups: { [G]: { allowFrom: ["222"] } } },
    msg: group(mention),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "approval ignored: listed group with list",
    config: { groups: { [G]: { allowFrom: ["222"] } } },
    msg: group(mention),
    approved: ["main:111"],
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "approval ignored: '*' group without list",
    config: { groups: { "*": {} } },
    msg: group(mention),
    approved: ["main:111"],
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "approval ignored: unlisted group",
    config: {},
    msg: group(mention),
    approved: ["main:111"],
    expected: no("group-not-listed"),
  },

  // addressing
  {
    name: "not addressed (default requireMention)",
    config: { groups: { [G]: {} } },
    msg: group(),
    expected: no("not-addressed"),
  },
  {
    name: "requireMention true explicit, mention",
    config: { groups: { [G]: { requireMention: true } } },
    msg: group(mention),
    expected: ok("group"),
  },
  {
    name: "requireMention false",
    config: { groups: { [G]: { requireMention: false } } },
    msg: group(),
    expected: ok("group"),
  },
  {
    name: "reply to the bot addresses it",
    config: { groups: { [G]: {} } },
    msg: group({ repliesToBot: true }),
    expected: ok("group"),
  },
  {
    name: "a command for the bot addresses it",
    config: { groups: { [G]: {} } },
    msg: group({ command: "help" }),
    expected: ok("group"),
  },
  {
    name: "'*' requireMention false for unlisted",
    config: { groups: { "*": { requireMention: false } }, groupAllowFrom: ["111"] },
    msg: group(),
    expected: ok("group"),
  },
  {
    name: "'*' requireMention false does not apply to listed",
    config: { groups: { [G]: {}, "*": { requireMention: false } } },
    msg: group(),
    expected: no("not-addressed"),
  },
  {
    name: "'*' requireMention default true",
    config: { groups: { "*": {} }, groupAllowFrom: ["111"] },
    msg: group(),
    expected: no("not-addressed"),
  },
  {
    name: "sender gate comes before addressing",
    config: { groups: { [G]: { allowFrom: ["222"] } } },
    msg: group(),
    expected: no("group-sender-not-allowed"),
  },

  // groupPolicy open
  {
    name: "open: unlisted group, no list: nobody",
    config: { groupPolicy: "open" },
    msg: group(mention),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "open: unlisted group, groupAllowFrom",
    config: { groupPolicy: "open", groupAllowFrom: ["111"] },
    msg: group(mention),
    expected: ok("group"),
  },
  {
    name: "open: unlisted group, not addressed",
    config: { groupPolicy: "open", groupAllowFrom: ["*"] },
    msg: group(),
    expected: no("not-addressed"),
  },
  {
    name: "open: listed group, no list",
    config: { groupPolicy: "open", groups: { [G]: {} } },
    msg: group(mention),
    expected: ok("group"),
  },
  {
    name: "open: listed group disabled",
    config: { groupPolicy: "open", groups: { [G]: { enabled: false } }, groupAllowFrom: ["*"] },
    msg: group(mention),
    expected: no("group-disabled"),
  },
  {
    name: "open: '*' requireMention false",
    config: { groupPolicy: "open", groups: { "*": { requireMention: false } }, groupAllowFrom: ["*"] },
    msg: group(),
    expected: ok("group"),
  },
  // What nobody asked, and senders that are not users
  {
    name: "service message (topic created by the bot) in an open group",
    config: { groups: { [G]: { requireMention: false } } },
    msg: group({ content: "service", contentKind: "forum_topic_created", text: "", args: "" }),
    expected: no("service-message"),
  },
  {
    name: "group upgrade service message",
    config: { groupPolicy: "open", groupAllowFrom: ["*"] },
    msg: group({ content: "service", contentKind: "migrate_to_chat_id", migrateToChatId: -1009 }),
    expected: no("service-message"),
  },
  {
    name: "automatic forward with requireMention false",
    config: { groups: { [G]: { requireMention: false } }, groupAllowFrom: ["*"] },
    msg: group({ automaticForward: true, senderId: undefined as never, senderChatId: -100555 }),
    expected: no("automatic-forward"),
  },
  {
    name: "automatic forward that mentions the bot",
    config: { groups: { [G]: {} } },
    msg: group({ automaticForward: true, senderId: undefined as never, senderChatId: -100555, ...mention }),
    expected: no("automatic-forward"),
  },
  {
    name: "member posting as a channel",
    config: { groups: { [G]: { requireMention: false, allowFrom: ["*"] } } },
    msg: group({ senderId: undefined as never, senderChatId: -100555, senderIsBot: true, ...mention }),
    expected: no("sender-is-channel"),
  },
  {
    name: "anonymous admin, group admits everyone ('*')",
    config: { groups: { [G]: { allowFrom: ["*"] } } },
    msg: anonymous(),
    expected: ok("group"),
  },
  {
    name: "anonymous admin, group listed by exact id without a list (every member)",
    config: { groups: { [G]: {} } },
    msg: anonymous(),
    expected: ok("group"),
  },
  {
    name: "anonymous admin, sender list of ids",
    config: { groups: { [G]: { allowFrom: ["111"] } } },
    msg: anonymous(),
    expected: no("anonymous-admin-not-allowed"),
  },
  {
    name: "anonymous admin, sender list of ids, allowAnonymousAdmins",
    config: { groups: { [G]: { allowFrom: ["111"], allowAnonymousAdmins: true } } },
    msg: anonymous(),
    expected: ok("group"),
  },
  {
    name: "anonymous admin, account groupAllowFrom of ids",
    config: { groupAllowFrom: ["111"], groups: { [G]: {} } },
    msg: anonymous(),
    expected: no("anonymous-admin-not-allowed"),
  },
  {
    name: "anonymous admin, group not listed",
    config: { groups: { "-1002": {} } },
    msg: anonymous(),
    expected: no("group-not-listed"),
  },
  {
    name: "anonymous admin still needs to address the bot",
    config: { groups: { [G]: {} } },
    msg: anonymous({ mentionsBot: false }),
    expected: no("not-addressed"),
  },
  {
    name: "command for another bot, requireMention false",
    config: { groups: { [G]: { requireMention: false } } },
    msg: group({ text: "/search@other_bot tar", args: "/search@other_bot tar", commandForOtherBot: true }),
    expected: no("command-for-other-bot"),
  },
  {
    name: "command for another bot in a DM of an allowed user",
    config: { allowFrom: ["111"] },
    msg: dm({ text: "/search@other_bot tar", args: "/search@other_bot tar", commandForOtherBot: true }),
    expected: no("command-for-other-bot"),
  },
  {
    name: "a bare command no agent knows: another bot's, silence (requireMention true)",
    config: { groups: { [G]: {} } },
    msg: group({ text: "/warn spam", args: "spam", command: "warn" }),
    expected: no("unknown-command"),
  },
  {
    name: "a bare command no agent knows: silence even with requireMention false",
    config: { groups: { [G]: { requireMention: false } } },
    msg: group({ text: "/ban", args: "", command: "ban" }),
    expected: no("unknown-command"),
  },
  {
    name: "a bare unknown command mentioning the bot is still not its own (/ban @thisbot)",
    config: { groups: { [G]: {} } },
    msg: group({ text: "/ban @WikiBot", args: "", command: "ban", ...mention }),
    expected: no("unknown-command"),
  },
  {
    name: "an unknown command naming the bot (/cmd@thisbot) is its own: let in",
    config: { groups: { [G]: {} } },
    msg: group({ text: "/warn@WikiBot", args: "", command: "warn", commandNamesBot: true, ...mention }),
    expected: ok("group"),
  },
  {
    name: "a bare command the agents know addresses the bot",
    config: { groups: { [G]: {} } },
    msg: group({ text: "/search backup", args: "backup", command: "search" }),
    expected: ok("group"),
  },
  {
    name: "an unknown bare command in a DM: let in (the agent says it does not know it)",
    config: { allowFrom: ["111"] },
    msg: dm({ text: "/warn", args: "", command: "warn" }),
    expected: ok("allowlist"),
  },
  {
    name: "sticker in a group, requireMention false",
    config: { groups: { [G]: { requireMention: false } } },
    msg: group({ content: "media", contentKind: "sticker", text: "", args: "" }),
    expected: no("media-without-text"),
  },
  {
    name: "voice note in a mention-free group: heard like text",
    config: { groups: { [G]: { requireMention: false } } },
    msg: group({ content: "media", contentKind: "voice", text: "", args: "", media: VOICE }),
    expected: ok("group"),
  },
  {
    name: "voice note in a requireMention group, not a reply to the bot",
    config: { groups: { [G]: {} } },
    msg: group({ content: "media", contentKind: "voice", text: "", args: "", media: VOICE }),
    expected: no("not-addressed"),
  },
  {
    name: "voice note replying to the bot in a requireMention group",
    config: { groups: { [G]: {} } },
    msg: group({
      content: "media",
      contentKind: "voice",
      text: "",
      args: "",
      media: VOICE,
      repliesToBot: true,
    }),
    expected: ok("group"),
  },
  {
    name: "voice note in a mention-free group with voice off",
    config: { groups: { [G]: { requireMention: false, voice: false } } },
    msg: group({ content: "media", contentKind: "voice", text: "", args: "", media: VOICE }),
    expected: no("voice-off"),
  },
  {
    name: "captioned voice note mentioning the bot with voice off: its caption only",
    config: { groups: { [G]: { voice: false } } },
    msg: group({
      content: "caption",
      contentKind: "voice",
      text: "@WikiBot",
      args: "",
      media: VOICE,
      ...mention,
    }),
    expected: { allow: true, via: "group", voice: false },
  },
  {
    name: "voice note in a topic with voice off, the group's voice on",
    config: { groups: { [G]: { requireMention: false, topics: { "7": { voice: false } } } } },
    msg: group({
      content: "media",
      contentKind: "voice",
      text: "",
      args: "",
      media: VOICE,
      threadId: 7,
      forum: true,
    }),
    expected: no("voice-off"),
  },
  {
    name: "voice note from a sender the group does not list: denied before it is heard",
    config: { groups: { [G]: { requireMention: false, allowFrom: ["999"] } } },
    msg: group({ content: "media", contentKind: "voice", text: "", args: "", media: VOICE }),
    expected: no("group-sender-not-allowed"),
  },
  {
    name: "photo without a caption in a mention-free group: no question",
    config: { groups: { [G]: { requireMention: false } } },
    msg: group({ content: "media", contentKind: "photo", text: "", args: "", media: PHOTO }),
    expected: no("media-without-text"),
  },
  {
    name: "photo without a caption replying to the bot: read",
    config: { groups: { [G]: {} } },
    msg: group({
      content: "media",
      contentKind: "photo",
      text: "",
      args: "",
      media: PHOTO,
      repliesToBot: true,
    }),
    expected: ok("group"),
  },
  {
    name: "captioned photo mentioning the bot in a group",
    config: { groups: { [G]: {} } },
    msg: group({
      content: "caption",
      contentKind: "photo",
      text: "@WikiBot what is this error?",
      ...mention,
    }),
    expected: ok("group"),
  },
  {
    name: "sticker in a DM of an allowed user (the pipeline hints)",
    config: { allowFrom: ["111"] },
    msg: dm({ content: "media", contentKind: "sticker", text: "", args: "" }),
    expected: ok("allowlist"),
  },
];

describe("evaluate", () => {
  it("has at least 60 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases)("$name", ({ config, msg, approved, expected }) => {
    const policy = resolveAccountPolicy(account(config));
    expect(evaluate(msg, policy, approvals(...(approved ?? [])))).toEqual(expected);
  });

  it("answers an upgraded group's new id with the old id's entry while only the old id is listed", () => {
    const policy = resolveAccountPolicy(account({ groups: { "-2222": { requireMention: false } } }));
    const msg = group({ chatId: -1002222 });
    const lookups = (from?: number) => ({ isApproved: () => false, migratedFrom: () => from });
    expect(evaluate(msg, policy, lookups(-2222))).toEqual(ok("group"));
    expect(evaluate(msg, policy, lookups(undefined))).toEqual(no("group-not-listed"));
    // Once gateway.json lists the new id, its own entry applies.
    const fixed = resolveAccountPolicy(account({ groups: { "-1002222": {} } }));
    expect(evaluate(msg, fixed, lookups(-2222))).toEqual(no("not-addressed"));
  });

  it("mayAskWhoamiInGroup: the chat-independent rules only (groupAllowFrom, else allowFrom)", () => {
    const whoami = group({ chatId: -1009999, command: "whoami", args: "" });
    const may = (config: Record<string, unknown>, msg = whoami) =>
      mayAskWhoamiInGroup(msg, resolveAccountPolicy(account(config)));
    expect(may({ allowFrom: ["111"] })).toBe(true);
    expect(may({ groupAllowFrom: ["111"] })).toBe(true);
    expect(may({ groupAllowFrom: ["*"] })).toBe(true);
    expect(may({ allowFrom: ["111"], groupAllowFrom: ["222"] })).toBe(false);
    expect(may({ allowFrom: ["222"] })).toBe(false);
    expect(may({ allowFrom: ["111"], groupPolicy: "disabled" })).toBe(false);
    expect(may({ allowFrom: ["111"], enabled: false })).toBe(false);
    expect(may({ allowFrom: ["111"] }, { ...whoami, command: "help" })).toBe(false);
    expect(may({ allowFrom: ["111"] }, { ...whoami, chatType: "private", chatId: 111 })).toBe(false);
  });

  it("treats a pairing lookup that throws as not approved", () => {
    const policy = resolveAccountPolicy(account());
    const broken = {
      isApproved: () => {
        throw new Error("disk gone");
      },
    };
    expect(evaluate(dm(), policy, broken)).toEqual(pending);
  });

  it("asks the lookup with the message's account and the sender id as a string", () => {
    const asked: [string, string][] = [];
    const lookup = { isApproved: (a: string, u: string) => (asked.push([a, u]), false) };
    evaluate(dm({ account: "vera", senderId: 4242 }), resolveAccountPolicy(account()), lookup);
    expect(asked).toEqual([["vera", "4242"]]);
  });

  it("never asks the lookup for group messages", () => {
    let asked = 0;
    const lookup = { isApproved: () => (asked++, true) };
    const policy = resolveAccountPolicy(account({ groups: { "*": {} } }));
    expect(evaluate(group(mention), policy, lookup)).toEqual(no("group-sender-not-allowed"));
    expect(asked).toBe(0);
  });
});

describe("resolveAccountPolicy", () => {
  it("normalises ids written as numbers, with spaces or leading zeros, and drops malformed ones", () => {
    const raw = {
      enabled: true,
      dmPolicy: "allowlist",
      allowFrom: [111, " 222 ", "0333", "@user", "-100", "1.5", 1.5],
      groupPolicy: "allowlist",
      groupAllowFrom: ["*"],
      groups: {
        " -0001001 ": { enabled: true, requireMention: false },
        oops: { enabled: true },
        "*": { enabled: true },
      },
    } as unknown as AccountConfig;
    const policy = resolveAccountPolicy(raw);
    expect([...policy.allowFrom.ids].sort()).toEqual(["111", "222", "333"]);
    expect(policy.allowFrom.everyone).toBe(false);
    expect(policy.groupAllowFrom?.everyone).toBe(true);
    expect([...policy.groups.keys()]).toEqual(["-1001"]);
    expect(policy.wildcardGroup).toEqual({ enabled: true });
    expect(evaluate(group(), policy, approvals())).toEqual(ok("group"));
  });

  it("fails closed on an unknown dmPolicy or groupPolicy", () => {
    const raw = {
      ...account({ allowFrom: ["111"], groups: { [G]: {} } }),
      dmPolicy: "everyone",
      groupPolicy: "all",
    };
    const policy = resolveAccountPolicy(raw as unknown as AccountConfig);
    expect(evaluate(dm(), policy, approvals("main:111"))).toEqual(no("dm-disabled"));
    expect(evaluate(group(mention), policy, approvals())).toEqual(no("groups-disabled"));
  });

  it("applies the documented defaults", () => {
    const policy = resolveAccountPolicy(account());
    expect(policy).toMatchObject({ enabled: true, dmPolicy: "pairing", groupPolicy: "allowlist" });
    expect(policy.groupAllowFrom).toBeUndefined();
    expect(policy.groups.size).toBe(0);
  });
});
