import { describe, expect, it } from "vitest";
import { gatewayConfigSchema } from "../../../src/config/schema.js";
import type { Replier } from "../../../src/core/replier.js";
import { createLogger } from "../../../src/log/logger.js";
import { createMessagePipeline } from "../../../src/pipeline/handle-message.js";
import { resolveRuntimeConfig } from "../../../src/pipeline/runtime-config.js";
import { NO_METRICS } from "./fixtures.js";
import { dm, TOKEN } from "../policy/fixtures.js";

const runtime = resolveRuntimeConfig(
  gatewayConfigSchema.parse({
    defaultAccount: "main",
    accounts: { main: { botToken: TOKEN, dmPolicy: "open" } },
    bindings: [{ agentId: "main", match: { channel: "telegram", accountId: "main" } }],
  }),
  "http://wiki.example",
);

describe("the typing indicator of a question", () => {
  it("ends once the answer is ready, before its (possibly slow) sending starts", async () => {
    const events: string[] = [];
    const reply: Replier = {
      send: async (chunks) => {
        events.push(`send ${chunks.join("")}`);
        await new Promise((r) => setTimeout(r, 5));
        events.push("sent");
      },
      answerCallback: async () => {},
      acknowledge: () => () => {},
      typing: () => {
        events.push("typing");
        return () => events.push("stop typing");
      },
    };
    const handle = createMessagePipeline({
      runtime: () => runtime,
      isApproved: () => false,
      pair: async () => {},
      recordDenial: () => {},
      answer: async () => {
        events.push("answered");
        return { chunks: ["the answer"], kind: "answer" };
      },
      choices: { offer: async () => {}, tap: async () => {} },
      gaps: { append: () => {} },
      metrics: NO_METRICS,
    });
    await handle(
      dm({ text: "how do I restore a backup?", args: "how do I restore a backup?" }),
      reply,
      createLogger({ level: "silent" }),
    );
    expect(events.slice(0, 4)).toEqual(["typing", "answered", "stop typing", "send the answer"]);
    expect(events).toContain("sent");
  });
});
