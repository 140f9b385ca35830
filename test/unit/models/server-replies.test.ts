import { describe, expect, it } from "vitest";
import type { ScriptedReply } from "../../../packages/sandbox/src/model/index.js";
import { useModelStandIn } from "../../helpers/model-stand-in.js";

/**
 * Reply shapes of real servers beyond the plain chat completion. A reasoning model's thinking
 * beside `content` (DeepSeek, llama.cpp, LM Studio and vLLM before 0.11: `reasoning_content`;
 * Ollama, OpenRouter, later vLLM: `reasoning`; Mistral's Magistral: content parts
 * `[{type: "thinking"}, {type: "text"}]`) is never the reply, whole or streamed.
 */
const standIn = useModelStandIn();
const ask = (extra: { onText?: (t: string) => void; maxTokens?: number } = {}, client = standIn.client()) =>
  client.complete({
    purpose: "rewrite",
    agent: "a1",
    account: "bot1",
    messages: [{ role: "user", content: "is there like a reverse cat" }],
    ...extra,
  });
const thinking = (field: "reasoning_content" | "reasoning" | "content-parts"): ScriptedReply => ({
  content: "tac reverse lines",
  reasoning: { text: "The user wants to print a file backwards, so tac.", field },
});

describe("thinking in a field of its own", () => {
  it.each(["reasoning_content", "reasoning"] as const)(
    "%s: the reply is the content, whole or streamed",
    async (field) => {
      standIn.server.script(thinking(field));
      expect((await ask()).text).toBe("tac reverse lines");
      standIn.server.script(thinking(field));
      const seen: string[] = [];
      expect((await ask({ onText: (t) => seen.push(t) })).text).toBe("tac reverse lines");
      expect(seen.join(" ")).not.toMatch(/backwards|user wants/);
    },
  );

  it("a reply that only thought says so, and later calls give the thinking the model's whole maxOutputTokens", async () => {
    const client = standIn.client({ maxOutputTokens: 900 });
    standIn.server.script({
      content: "",
      reasoning: { text: "Let me think about which", field: "reasoning" },
    });
    await expect(ask({ maxTokens: 120 }, client)).rejects.toMatchObject({
      code: "model-empty-reply",
      message: expect.stringContaining("thought but wrote no answer") as unknown,
    });
    standIn.server.script(thinking("reasoning"));
    await ask({ maxTokens: 120 }, client);
    expect(standIn.server.received().map((r) => r.maxTokens)).toEqual([120, 900]);
  });

  it("a model that does not think keeps the call's smaller cap", async () => {
    const client = standIn.client({ maxOutputTokens: 900 });
    standIn.server.script({ content: "tac reverse lines" }, { content: "tac reverse lines" });
    await ask({ maxTokens: 120 }, client);
    await ask({ maxTokens: 120 }, client);
    expect(standIn.server.received().map((r) => r.maxTokens)).toEqual([120, 120]);
  });
});

describe("an error reported after answering 200 (OpenRouter, vLLM)", () => {
  it("in the stream after some text, or in the body: a server error, never the text so far as the reply", async () => {
    const seen: string[] = [];
    standIn.server.script({ content: "tac reverse lines last line first", errorAfter: 3 });
    await expect(ask({ onText: (t) => seen.push(t) })).rejects.toMatchObject({
      code: "model-server-error",
      message: expect.stringContaining("reported an error while answering") as unknown,
    });
    expect(seen.at(-1)).toBe("tac reverse lines");
    standIn.server.script({ content: "tac reverse lines", errorAfter: 0 });
    await expect(ask()).rejects.toMatchObject({ code: "model-server-error" });
  });
});
