import { describe, expect, it } from "vitest";
import { gatewayConfigSchema } from "../../../src/config/schema.js";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import { type Admission, admit } from "../../../src/pipeline/admit.js";
import { resolveRuntimeConfig } from "../../../src/pipeline/runtime-config.js";
import type { RememberedReply } from "../../../src/state/reply-memory.js";
import { dm, group, TOKEN } from "../policy/fixtures.js";

/** Account "main" with the given entry, bound to agent "main"; agent "support" is defined too. */
function runtimeWith(account: Record<string, unknown>, bound = true) {
  return resolveRuntimeConfig(
    gatewayConfigSchema.parse({
      defaultAccount: "main",
      accounts: { main: { botToken: TOKEN, ...account } },
      agents: { support: { section: "support" } },
      bindings: bound ? [{ agentId: "main", match: { channel: "telegram", accountId: "main" } }] : [],
    }),
    "http://wiki.example",
  );
}

const open = runtimeWith({ dmPolicy: "open", groups: { "-1001": { requireMention: true } } });
const none = () => undefined;
const judge = (msg: InboundMessage, runtime = open, recalled: RememberedReply | undefined = undefined) =>
  admit(msg, { runtime, pairings: { isApproved: () => false }, recall: () => recalled });
/** The admission without the agent's whole settings: its id only. */
const brief = (a: Admission) => (a.to === "answer" ? { ...a, agent: a.agent.id } : a);

const SENT = 1_700_000_000;
const edited = (over: Partial<InboundMessage> = {}) => dm({ date: SENT, editDate: SENT + 30, ...over });

describe("admit: who is answered, by which agent", () => {
  it("a DM the policy allows goes to the bound agent", () => {
    expect(brief(judge(dm()))).toEqual({
      to: "answer",
      decision: { allow: true, via: "open" },
      agent: "main",
    });
  });

  it("a group topic naming an agent is answered by it; an agent nobody defined is the operator's to fix", () => {
    const topics = runtimeWith({
      groups: {
        "-1001": {
          requireMention: false,
          topics: { "7": { agentId: "support" }, "8": { agentId: "ghost" } },
        },
      },
    });
    const inTopic = (threadId: number) => group({ forum: true, threadId });
    expect(brief(judge(inTopic(7), topics))).toMatchObject({ to: "answer", agent: "support" });
    // gateway.json's check keeps this from happening; the pipeline does not rely on it.
    const agentsById = new Map([...topics.agentsById].filter(([id]) => id !== "ghost"));
    expect(judge(inTopic(8), { ...topics, agentsById })).toEqual({
      to: "no-agent",
      decision: { allow: true, via: "group", agentId: "ghost" },
      missing: "unknown-agent",
    });
  });

  it("an account without a binding: no agent; before gateway.json is loaded nothing is let in", () => {
    expect(judge(dm(), runtimeWith({ dmPolicy: "open" }, false))).toMatchObject({
      to: "no-agent",
      missing: "no-binding",
    });
    expect(admit(dm(), { runtime: undefined, pairings: { isApproved: () => false }, recall: none })).toEqual({
      to: "deny",
      decision: { allow: false, reason: "account-disabled" },
      answer: "nothing",
    });
  });
});

describe("admit: what a denied message still gets", () => {
  const allowlist = runtimeWith({ dmPolicy: "allowlist", allowFrom: ["222"], groupAllowFrom: ["111"] });
  const cases: Array<[string, InboundMessage, ReturnType<typeof runtimeWith>, Partial<Admission>]> = [
    [
      "a tap: the not-allowed notice",
      dm({ callback: { id: "q", data: "c:x:0" }, args: "", text: "" }),
      allowlist,
      { answer: "tap-notice" },
    ],
    [
      "an unknown DM sender under pairing: pairing, remembered as answered",
      dm(),
      runtimeWith({ dmPolicy: "pairing" }),
      { answer: "pairing", remember: "answered" },
    ],
    [
      "/whoami in a DM not let in: the id",
      dm({ command: "whoami", args: "" }),
      allowlist,
      { answer: "whoami" },
    ],
    [
      "/start access (inline mode's button) in a DM: the id",
      dm({ command: "start", args: "access" }),
      allowlist,
      { answer: "whoami" },
    ],
    [
      'dmPolicy "disabled": nothing, not even the id',
      dm({ command: "whoami", args: "" }),
      runtimeWith({ dmPolicy: "disabled" }),
      { answer: "nothing", decision: { allow: false, reason: "dm-disabled" } },
    ],
    [
      "/whoami in an unlisted group from a sender the account allows: the id",
      group({ command: "whoami", args: "" }),
      allowlist,
      { answer: "whoami", decision: { allow: false, reason: "group-not-listed" } },
    ],
    [
      "a group message not addressing the bot: nothing, remembered for a later edit",
      group(),
      open,
      { answer: "nothing", remember: "not-addressed" },
    ],
    ["another denial: nothing, nothing remembered", dm({ senderIsBot: true }), open, { answer: "nothing" }],
  ];
  it.each(cases)("%s", (_name, msg, runtime, expected) => {
    const admission = judge(msg, runtime);
    expect(admission.to).toBe("deny");
    expect(admission).toMatchObject(expected);
    if (!("remember" in expected)) expect(admission).not.toHaveProperty("remember");
  });
});

describe("admit: edits", () => {
  const was = (outcome: RememberedReply["outcome"], replyId?: number): RememberedReply => ({
    outcome,
    at: SENT * 1000,
    ...(replyId !== undefined ? { replyId } : {}),
  });

  it("an edit of a question that got nothing found is answered in place of that reply", () => {
    expect(brief(judge(edited(), open, was("nothing", 55)))).toEqual({
      to: "answer",
      decision: { allow: true, via: "open" },
      agent: "main",
      replaces: 55,
    });
    expect(judge(edited(), open, was("choices"))).not.toHaveProperty("replaces");
  });

  it("an edit of an answered message, one made too late or one the policy denies is ignored, remembering nothing", () => {
    expect(judge(edited(), open, was("answered", 5))).toEqual({
      to: "deny",
      decision: { allow: false, reason: "edit-already-answered" },
      answer: "nothing",
    });
    expect(judge(edited({ editDate: SENT + 3600 }), open, undefined)).toMatchObject({
      decision: { reason: "edit-too-late" },
      answer: "nothing",
    });
    expect(judge(edited({ chatId: -1001, chatType: "supergroup" }), open, undefined)).toEqual({
      to: "deny",
      decision: { allow: false, reason: "edit-not-addressed" },
      answer: "nothing",
    });
    const pairing = runtimeWith({ dmPolicy: "pairing" });
    expect(judge(edited(), pairing, undefined)).toMatchObject({
      decision: { reason: "edit-not-allowed", cause: "dm-pairing-pending" },
      answer: "nothing",
    });
  });

  it("reads the memory for edits only", () => {
    let asked = 0;
    const recall = () => void (asked += 1) as undefined;
    admit(dm(), { runtime: open, pairings: { isApproved: () => false }, recall });
    admit(edited(), { runtime: open, pairings: { isApproved: () => false }, recall });
    expect(asked).toBe(1);
  });
});
