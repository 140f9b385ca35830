import { describe, expect, it } from "vitest";
import { gatewayConfigSchema } from "../../../src/config/schema.js";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import type { Replier } from "../../../src/core/replier.js";
import { createLogger } from "../../../src/log/logger.js";
import { createMessagePipeline } from "../../../src/pipeline/handle-message.js";
import { resolveRuntimeConfig } from "../../../src/pipeline/runtime-config.js";
import { NO_METRICS } from "./fixtures.js";
import { dm, group, TOKEN } from "../policy/fixtures.js";

/** The pipeline for one account "main" with the given entry; records what was sent and denied. */
function pipeline(account: Record<string, unknown>) {
  const runtime = resolveRuntimeConfig(
    gatewayConfigSchema.parse({
      defaultAccount: "main",
      accounts: { main: { botToken: TOKEN, ...account } },
      bindings: [{ agentId: "main", match: { channel: "telegram", accountId: "main" } }],
    }),
    "http://wiki.example",
  );
  const sent: string[][] = [];
  const denied: string[] = [];
  const asked: string[] = [];
  const reply: Replier = {
    send: async (chunks) => void sent.push([...chunks]),
    answerCallback: async () => {},
    acknowledge: () => () => {},
    typing: () => () => {},
  };
  const handle = createMessagePipeline({
    runtime: () => runtime,
    isApproved: () => false,
    pair: async () => {},
    recordDenial: (_msg, decision) => void denied.push(decision.reason),
    answer: async (msg) => {
      asked.push(msg.command ?? msg.args);
      return { chunks: [`reply to ${msg.command ?? msg.args}`], kind: "command" };
    },
    choices: { offer: async () => {}, tap: async () => {} },
    gaps: { append: () => {} },
    metrics: NO_METRICS,
  });
  const run = (msg: InboundMessage) => handle(msg, reply, createLogger({ level: "silent" }));
  return { run, sent, denied, asked };
}

const whoami = dm({ text: "/whoami", args: "", command: "whoami" });
const startAccess = dm({ text: "/start access", args: "access", command: "start" });

describe("what a denied message still gets", () => {
  it('dmPolicy "disabled": no reply at all, not even /whoami or /start access', async () => {
    const p = pipeline({ dmPolicy: "disabled" });
    await p.run(whoami);
    await p.run(startAccess);
    expect(p.sent).toEqual([]);
    expect(p.denied).toEqual(["dm-disabled", "dm-disabled"]);
  });

  it('dmPolicy "allowlist": a sender not listed still learns their id from /whoami and /start access', async () => {
    const p = pipeline({ dmPolicy: "allowlist", allowFrom: ["222"] });
    await p.run(whoami);
    await p.run(startAccess);
    expect(p.sent).toHaveLength(2);
    for (const [text] of p.sent) expect(text).toContain("111");
    expect(p.denied).toEqual(["dm-not-allowed", "dm-not-allowed"]);
  });

  it("a group: a bare command no agent knows gets nothing; a known one, or one naming the bot, reaches the agent", async () => {
    const p = pipeline({ groups: { "-1001": { requireMention: false } } });
    await p.run(group({ text: "/warn spam", args: "spam", command: "warn" }));
    expect(p.sent).toEqual([]);
    expect(p.asked).toEqual([]);
    expect(p.denied).toEqual(["unknown-command"]);
    await p.run(group({ text: "/help", args: "", command: "help" }));
    await p.run(
      group({ text: "/warn@WikiBot", args: "", command: "warn", commandNamesBot: true, mentionsBot: true }),
    );
    expect(p.asked).toEqual(["help", "warn"]);
    expect(p.sent).toHaveLength(2);
  });
});
