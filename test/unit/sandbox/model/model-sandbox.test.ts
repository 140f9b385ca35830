import { afterEach, describe, expect, it } from "vitest";
import {
  createSandboxModel,
  parseReplayFixture,
  type SandboxModel,
} from "../../../../packages/sandbox/src/model/index.js";
import { promptKey } from "../../../../src/models/prompt-key.js";

const messages = [
  { role: "system" as const, content: "Rewrite the question." },
  { role: "user" as const, content: "who owns this domain" },
];

let model: SandboxModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function start(options: Parameters<typeof createSandboxModel>[0] = {}) {
  model = createSandboxModel(options);
  return model.listen();
}

const post = (base: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${base}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** The `data:` payloads of an SSE body, in order. */
async function events(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((e) => e.startsWith("data: "))
    .map((e) => e.slice("data: ".length));
}

describe("model stand-in", () => {
  it("lists its models and answers a recorded prompt whole, with usage", async () => {
    const fixture = parseReplayFixture(
      `{"recording":{"by":"test"}}\n${JSON.stringify({ key: promptKey(messages), reply: "whois domain expiry" })}\n`,
    );
    const base = await start({ fixture, models: ["m1"] });
    const list = (await (await fetch(`${base}/models`)).json()) as { data: { id: string }[] };
    expect(list.data.map((m) => m.id)).toEqual(["m1"]);
    const reply = await post(base, { model: "m1", messages });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as {
      object: string;
      choices: { message: { content: string }; finish_reason: string }[];
      usage: { total_tokens: number };
    };
    expect(body.object).toBe("chat.completion");
    expect(body.choices[0]!.message.content).toBe("whois domain expiry");
    expect(body.choices[0]!.finish_reason).toBe("stop");
    expect(body.usage.total_tokens).toBeGreaterThan(0);
  });

  it("never invents a reply: an unknown prompt gets 422 replay_miss unless a default is set", async () => {
    const base = await start();
    const miss = await post(base, { model: "sandbox-model", messages });
    expect(miss.status).toBe(422);
    expect(((await miss.json()) as { error: { code: string } }).error.code).toBe("replay_miss");
    model!.setDefault({ content: "default words" });
    const hit = (await (await post(base, { model: "sandbox-model", messages })).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(hit.choices[0]!.message.content).toBe("default words");
  });

  it("streams role, content pieces, finish_reason, a usage chunk and [DONE]", async () => {
    const base = await start();
    model!.script({ content: "tac prints lines reversed" });
    const reply = await post(base, {
      model: "sandbox-model",
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(reply.headers.get("content-type")).toContain("text/event-stream");
    const data = await events(reply);
    expect(data.at(-1)).toBe("[DONE]");
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d) as Record<string, unknown>);
    type Chunk = { choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[] };
    const withChoices = chunks.filter((c) => (c as Chunk).choices.length > 0) as Chunk[];
    expect(withChoices[0]!.choices[0]!.delta.role).toBe("assistant");
    expect(withChoices.map((c) => c.choices[0]!.delta.content ?? "").join("")).toBe(
      "tac prints lines reversed",
    );
    expect(withChoices.at(-1)!.choices[0]!.finish_reason).toBe("stop");
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
  });

  it("cuts a stream short without [DONE] when told", async () => {
    const base = await start();
    model!.script({ content: "one two three four", cutAfter: 2 });
    const reply = await post(base, { model: "sandbox-model", messages, stream: true });
    await expect(reply.text()).rejects.toThrow();
  });

  it("answers errors in OpenAI's shape: 401 without the key, 404 unknown model, 429 with Retry-After, 500", async () => {
    const base = await start({ apiKey: "k1" });
    expect((await post(base, { model: "sandbox-model", messages })).status).toBe(401);
    const auth = { authorization: "Bearer k1" };
    const unknown = await post(base, { model: "nope", messages }, auth);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("model_not_found");
    model!.script({ status: 429, retryAfterS: 7 }, { status: 500 });
    const limited = await post(base, { model: "sandbox-model", messages }, auth);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(((await limited.json()) as { error: { type: string } }).error.type).toBe("rate_limit_error");
    expect((await post(base, { model: "sandbox-model", messages }, auth)).status).toBe(500);
  });

  it("answers malformed JSON when told, and scripts by prompt text", async () => {
    const base = await start();
    model!.script({ content: "for B", when: "question B" }, { malformed: true });
    const other = await post(base, { model: "sandbox-model", messages });
    await expect(other.json()).rejects.toThrow();
    const b = await post(base, {
      model: "sandbox-model",
      messages: [{ role: "user", content: "question B" }],
    });
    expect(
      ((await b.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content,
    ).toBe("for B");
    expect(model!.received().map((r) => r.messages.at(-1)!.content)).toEqual([
      "who owns this domain",
      "question B",
    ]);
  });

  it("takes scripts over its control API", async () => {
    const base = await start();
    const root = base.replace(/\/v1$/, "");
    await fetch(`${root}/__sandbox/script`, {
      method: "POST",
      body: JSON.stringify({ replies: [{ status: 500 }] }),
    });
    expect((await post(base, { model: "sandbox-model", messages })).status).toBe(500);
    const received = (await (await fetch(`${root}/__sandbox/received`)).json()) as unknown[];
    expect(received).toHaveLength(1);
  });
});
