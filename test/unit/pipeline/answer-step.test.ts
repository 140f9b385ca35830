import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import type { Reply } from "../../../src/core/reply.js";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import { createAnswerStep } from "../../../src/pipeline/answer-step.js";

const agent = resolveAgentSettings("main", undefined, "http://wiki.test");
const message = (args: string, command?: string): InboundMessage => ({
  account: "default",
  updateId: 1,
  messageId: 1,
  chatId: 7,
  chatType: "private",
  senderId: 7,
  senderIsBot: false,
  text: command ? `/${command} ${args}` : args,
  date: 0,
  mentionsBot: false,
  repliesToBot: false,
  args,
  ...(command ? { command } : {}),
});

function setup(replies: Reply[]) {
  const index = { ready: true, gen: 1, generation: () => index.gen };
  let calls = 0;
  const step = createAnswerStep({
    agent: { handle: async () => replies[Math.min(calls++, replies.length - 1)]! },
    index,
  });
  return { step, index, calls: () => calls };
}

describe("answer step", () => {
  const answer: Reply = { chunks: ["the answer"], kind: "answer" };

  it("asks the agent once for a repeated question while the index generation holds", async () => {
    const { step, index, calls } = setup([answer]);
    expect(await step(message("How do I restore?"), agent)).toEqual(answer);
    expect(await step(message("how do i restore"), agent)).toEqual(answer);
    expect(calls()).toBe(1);
    index.gen += 1;
    await step(message("how do i restore"), agent);
    expect(calls()).toBe(2);
  });

  it("never caches commands, nor anything before the index is ready", async () => {
    const { step, index, calls } = setup([answer]);
    await step(message("backup", "search"), agent);
    await step(message("backup", "search"), agent);
    index.ready = false;
    await step(message("backup"), agent);
    await step(message("backup"), agent);
    expect(calls()).toBe(4);
  });

  it("does not serve a wiki error again: the cache is emptied", async () => {
    const { step, calls } = setup([answer, { chunks: ["sorry"], kind: "error" }, answer]);
    await step(message("first"), agent);
    expect((await step(message("second"), agent)).kind).toBe("error");
    expect((await step(message("second"), agent)).kind).toBe("answer");
    await step(message("first"), agent);
    expect(calls()).toBe(4);
  });
});
