import { describe, expect, it } from "vitest";
import {
  evaluateInline,
  type InlineDecision,
  type InlineSender,
} from "../../../src/policy/evaluate-inline.js";
import { resolveAccountPolicy } from "../../../src/policy/evaluate.js";
import { account } from "./fixtures.js";

interface Case {
  name: string;
  config: Record<string, unknown>;
  sender?: Partial<InlineSender>;
  approved?: string[];
  expected: InlineDecision;
}

const ok = (via: "allowlist" | "pairing" | "open"): InlineDecision => ({ allow: true, via });
const no = (
  reason: Extract<InlineDecision, { allow: false }>["reason"],
  askAccess: boolean,
): InlineDecision => ({
  allow: false,
  reason,
  askAccess,
});

/** The sender is user 111 unless a case says otherwise. */
const cases: Case[] = [
  { name: "listed in allowFrom (pairing)", config: { allowFrom: ["111"] }, expected: ok("allowlist") },
  { name: "approved by pairing", config: {}, approved: ["111"], expected: ok("pairing") },
  {
    name: "unknown under pairing: the access button",
    config: {},
    expected: no("inline-not-allowed", true),
  },
  {
    name: "listed under allowlist",
    config: { dmPolicy: "allowlist", allowFrom: ["111"] },
    expected: ok("allowlist"),
  },
  {
    name: "unknown under allowlist: the button (the DM tells the user id)",
    config: { dmPolicy: "allowlist", allowFrom: ["222"] },
    expected: no("inline-not-allowed", true),
  },
  {
    name: "approved by pairing does not count under allowlist",
    config: { dmPolicy: "allowlist", allowFrom: ["222"] },
    approved: ["111"],
    expected: no("inline-not-allowed", true),
  },
  { name: "open admits everyone", config: { dmPolicy: "open" }, expected: ok("open") },
  { name: '"*" admits everyone', config: { allowFrom: ["*"] }, expected: ok("allowlist") },
  {
    name: "dmPolicy disabled: no button (the DM answers nobody)",
    config: { dmPolicy: "disabled", allowFrom: ["111"] },
    expected: no("inline-not-allowed", false),
  },
  {
    name: "group rules never admit to inline mode",
    config: { groupAllowFrom: ["111"], groups: { "-1001": {} } },
    expected: no("inline-not-allowed", true),
  },
  {
    name: "inline: false, even for a listed sender",
    config: { inline: false, allowFrom: ["111"] },
    expected: no("inline-disabled", false),
  },
  {
    name: "disabled account",
    config: { enabled: false, dmPolicy: "open" },
    expected: no("account-disabled", false),
  },
  {
    name: "a bot sender, even listed",
    config: { allowFrom: ["111"] },
    sender: { senderIsBot: true },
    expected: no("from-bot", false),
  },
  {
    name: "no sender id",
    config: { dmPolicy: "open" },
    sender: { senderId: undefined as never },
    expected: no("no-sender", false),
  },
  {
    name: "a non-positive sender id matches nobody",
    config: { allowFrom: ["*"] },
    sender: { senderId: -5 },
    expected: no("no-sender", false),
  },
];

describe("evaluateInline (the DM rules decide inline queries)", () => {
  it.each(cases)("$name", ({ config, sender, approved, expected }) => {
    const policy = resolveAccountPolicy(account(config));
    const who: InlineSender = { account: "main", senderId: 111, senderIsBot: false, ...sender };
    const lookup = {
      isApproved: (acc: string, id: string) => acc === "main" && (approved ?? []).includes(id),
    };
    expect(evaluateInline(who, policy, lookup)).toEqual(expected);
  });

  it("an approval lookup that throws counts as not approved", () => {
    const policy = resolveAccountPolicy(account({}));
    const throwing = {
      isApproved: () => {
        throw new Error("store broken");
      },
    };
    expect(evaluateInline({ account: "main", senderId: 111, senderIsBot: false }, policy, throwing)).toEqual(
      no("inline-not-allowed", true),
    );
  });
});
