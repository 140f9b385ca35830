import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createQuestionRewriter } from "../../../src/agents/question-rewriter.js";
import { createPromptLog } from "../../../src/models/prompt-log.js";
import { memoryLogger } from "../../helpers/memory-logger.js";
import { useModelStandIn } from "../../helpers/model-stand-in.js";

const standIn = useModelStandIn({ apiKey: "key-1234567890" });
const agent = resolveAgentSettings(
  "a1",
  { section: "", locale: "en", editors: [], answerLength: 600, model: "local" },
  "http://w",
);
const QUESTION = "reset the VPN for anna@example.com, phone +49 30 1234567, my id 55512345";

const ask = (prompts?: ReturnType<typeof createPromptLog>) =>
  standIn.client({ apiKey: "key-1234567890" }, prompts ? { prompts } : {}).complete({
    purpose: "rewrite",
    agent: "a1",
    account: "bot1",
    messages: [
      { role: "system", content: "Rewrite the question." },
      { role: "user", content: QUESTION },
    ],
  });

describe("the prompt log (MODEL_LOG_PROMPTS)", () => {
  it("without it, nothing of the prompt or the reply reaches the log at any level", async () => {
    const logger = memoryLogger("trace");
    const client = standIn.client({ apiKey: "key-1234567890" });
    const rewriter = createQuestionRewriter({ models: () => client, logger: logger.log });
    standIn.server.script({ content: "vpn reset remote access" });
    expect(await rewriter.rewrite(QUESTION, agent, "bot1")).toEqual({ words: "vpn reset remote access" });
    expect(logger.text()).not.toMatch(/VPN|vpn|anna/);
  });

  it("with it, each call's user messages and reply are logged at info, redacted, with the outcome", async () => {
    const logger = memoryLogger("info");
    standIn.server.script({ content: "<think>key-1234567890</think>vpn reset anna@example.com" });
    await ask(createPromptLog(logger.log, ["key-1234567890"]));
    standIn.server.script({ status: 500 });
    await ask(createPromptLog(logger.log)).catch(() => undefined);
    expect(logger.lines.map((l) => [l.level, l.outcome, l.prompt, l.reply])).toEqual([
      [
        30,
        "ok",
        "reset the VPN for [e-mail], phone [phone], my id [number]",
        "<think>[redacted]</think>vpn reset [e-mail]",
      ],
      [30, "model-server-error", "reset the VPN for [e-mail], phone [phone], my id [number]", undefined],
    ]);
    expect(logger.lines[0]).toMatchObject({
      model: "local",
      purpose: "rewrite",
      agent: "a1",
      account: "bot1",
    });
    expect(logger.text()).not.toContain("Rewrite the question.");
  });
});
