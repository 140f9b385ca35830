import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import type { Reply } from "../../../src/core/reply.js";
import type { Replier, SendOptions } from "../../../src/core/replier.js";
import { createDeliver } from "../../../src/pipeline/deliver.js";
import { dm } from "../policy/fixtures.js";

const agent = resolveAgentSettings("main", undefined, "http://wiki.example");

function delivery() {
  const sends: Array<{ chunks: readonly string[]; options: SendOptions | undefined }> = [];
  const offers: Array<{ question: string; agent: string; replaces: number | undefined }> = [];
  const replier: Replier = {
    send: async (chunks, options) => {
      sends.push({ chunks, options });
      return { messageId: 100, messageIds: chunks.map((_, i) => 100 + i) };
    },
    answerCallback: async () => {},
    typing: () => () => {},
    acknowledge: () => () => {},
  };
  const deliver = createDeliver({
    choices: {
      offer: async (msg, offeredBy, _reply, _replier, replaces) => {
        offers.push({ question: msg.args, agent: offeredBy.id, replaces });
        return { messageId: 7, messageIds: [7] };
      },
    },
  });
  return { deliver, replier, sends, offers };
}

const msg = dm({ text: "how?", args: "how?" });

describe("deliver: a reply sent as it is", () => {
  it("sends a reply's chunks, the first in place of the bot's earlier message when asked, and hands the reply back unchanged", async () => {
    const { deliver, replier, sends } = delivery();
    const reply: Reply = {
      kind: "answer",
      chunks: ["one", "two"],
      page: { path: "a", locale: "en", title: "A" },
    };
    const done = await deliver(reply, { msg, replier, agent, replaces: 42 });
    expect(done.reply).toBe(reply);
    expect(done.sent).toEqual({ messageId: 100, messageIds: [100, 101] });
    expect(sends).toEqual([{ chunks: ["one", "two"], options: { replaces: 42 } }]);
    await deliver({ kind: "not-found", chunks: ["none"] }, { msg, replier });
    expect(sends[1]).toEqual({ chunks: ["none"], options: {} });
  });

  it("offers choices through the choice flow, for the question and agent, in place of an earlier reply", async () => {
    const { deliver, replier, sends, offers } = delivery();
    const reply: Reply = {
      kind: "choices",
      chunks: ["pick"],
      choices: [{ path: "a", locale: "en", title: "A" }],
    };
    const done = await deliver(reply, { msg, replier, agent, replaces: 9 });
    expect(offers).toEqual([{ question: "how?", agent: "main", replaces: 9 }]);
    expect(sends).toEqual([]);
    expect(done).toEqual({ reply, sent: { messageId: 7, messageIds: [7] } });
    await expect(deliver(reply, { msg, replier })).rejects.toThrow(/agent/);
  });

  it("says nothing for the silent kinds, nor for a reply without chunks", async () => {
    const { deliver, replier, sends } = delivery();
    for (const reply of [
      { kind: "empty", chunks: [] },
      { kind: "media-hint-suppressed", chunks: [] },
      { kind: "command", chunks: [] },
    ] satisfies Reply[])
      expect(await deliver(reply, { msg, replier })).toEqual({ reply, sent: undefined });
    expect(sends).toEqual([]);
  });
});
