import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import type { Reply } from "../../../src/core/reply.js";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import { createModelClient } from "../../../src/models/model-client.js";
import { MODEL_DEFAULTS } from "../../../src/models/model-settings.js";
import { createAnswerCache } from "../../../src/pipeline/answer-cache.js";
import { createAnswerStep, MODEL_FAILED_TTL_MS } from "../../../src/pipeline/answer-step.js";

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

describe("answer step: answers made while the model failed", () => {
  /** A model client whose server is down until `up` is set, then answers "from the model". */
  function flakyModel() {
    const state = { up: false };
    const client = createModelClient({
      settings: {
        name: "m",
        baseUrl: "http://model.test",
        model: "m1",
        apiKey: undefined,
        dailyTokenBudget: undefined,
        ...MODEL_DEFAULTS,
        timeoutMs: 1000,
      },
      fetch: async () => {
        if (!state.up) throw new TypeError("fetch failed");
        return new Response(JSON.stringify({ choices: [{ message: { content: "from the model" } }] }), {
          headers: { "content-type": "application/json" },
        });
      },
    });
    return { state, client };
  }

  /** An agent answering with the model when it can, else the floor (as the grounder does). */
  function setupWithModel(useModel: boolean) {
    const { state, client } = flakyModel();
    let now = 0;
    let calls = 0;
    const step = createAnswerStep({
      agent: {
        async handle() {
          calls += 1;
          if (!useModel) return { kind: "answer", chunks: ["floor"] };
          try {
            const reply = await client.complete({
              purpose: "answer",
              agent: "main",
              account: "a",
              messages: [],
            });
            return { kind: "answer", chunks: [reply.text] };
          } catch {
            return { kind: "answer", chunks: ["floor"] };
          }
        },
      },
      index: { ready: true, generation: () => 1 },
      cache: createAnswerCache<Reply>({ now: () => now }),
    });
    return { step, state, calls: () => calls, at: (ms: number) => (now = ms) };
  }

  it("keeps the floor answer only briefly, then asks the model again, and keeps its answer as long as any", async () => {
    const { step, state, calls, at } = setupWithModel(true);
    expect((await step(message("restore?"), agent)).chunks).toEqual(["floor"]);
    at(MODEL_FAILED_TTL_MS - 1);
    expect((await step(message("restore?"), agent)).chunks).toEqual(["floor"]);
    expect(calls()).toBe(1);
    state.up = true;
    at(MODEL_FAILED_TTL_MS);
    expect((await step(message("restore?"), agent)).chunks).toEqual(["from the model"]);
    expect(calls()).toBe(2);
    at(MODEL_FAILED_TTL_MS * 5);
    expect((await step(message("restore?"), agent)).chunks).toEqual(["from the model"]);
    expect(calls()).toBe(2);
  });

  it("keeps an answer made without a model by choice (modelUse off) as long as any", async () => {
    const { step, calls, at } = setupWithModel(false);
    await step(message("restore?"), agent);
    at(MODEL_FAILED_TTL_MS * 5);
    await step(message("restore?"), agent);
    expect(calls()).toBe(1);
  });

  it("a model failure while another question is answered does not shorten that question's entry", async () => {
    const byChoice = setupWithModel(false);
    const failing = setupWithModel(true);
    await Promise.all([byChoice.step(message("restore?"), agent), failing.step(message("restore?"), agent)]);
    byChoice.at(MODEL_FAILED_TTL_MS * 5);
    failing.at(MODEL_FAILED_TTL_MS * 5);
    await Promise.all([byChoice.step(message("restore?"), agent), failing.step(message("restore?"), agent)]);
    expect(byChoice.calls()).toBe(1);
    expect(failing.calls()).toBe(2);
  });
});
