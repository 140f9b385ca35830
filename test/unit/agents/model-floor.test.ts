import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { createGrounder } from "../../../src/agents/grounded-answer.js";
import { createQuestionRewriter } from "../../../src/agents/question-rewriter.js";
import type { ModelClient } from "../../../src/models/model-client.js";
import type { ModelCallRecord, ModelMeter } from "../../../src/models/model-meter.js";
import type { ScriptedReply } from "../../../packages/sandbox/src/model/index.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import { memoryLogger } from "../../helpers/memory-logger.js";
import { createMemoryWiki } from "../../helpers/memory-wiki.js";
import { useModelStandIn } from "../../helpers/model-stand-in.js";

/**
 * Issue 29 point 5: every way a model call can fail gives the answer without the model, the
 * failure logged with its code and remedy and counted with its code; the question and the reply
 * are never in the log, whatever its level.
 */
const wiki = createMemoryWiki([
  {
    path: "ops/backup",
    title: "Backups",
    description: "",
    content: "# Backups\n\nRun `restore --latest` to restore the newest backup.",
    locale: "en",
  },
]);
const index = createSearchIndex();
const standIn = useModelStandIn({}, () => index.build(wiki));
const agent = resolveAgentSettings(
  "ops",
  { section: "ops", locale: "en", editors: [], answerLength: 600, model: "local" },
  "http://w",
);
const QUESTION = "how do I restore a backup";

function world(client: (meter: ModelMeter) => ModelClient) {
  const calls: ModelCallRecord[] = [];
  const discarded: string[] = [];
  const meter: ModelMeter = { call: (r) => calls.push(r), discarded: (r) => discarded.push(r.code) };
  const model = client(meter);
  const logger = memoryLogger("trace");
  const models = (name: string) => (name === "local" ? model : undefined);
  const answerer = createAnswerer({
    index,
    wiki,
    rewriter: createQuestionRewriter({ models, logger: logger.log }),
    grounder: createGrounder({ models, logger: logger.log }),
  });
  const ask = () => answerer.answer(QUESTION, agent, { account: "bot1" });
  return { ask, calls, discarded, logger };
}

const floorHtml = async () => (await createAnswerer({ index, wiki }).answer(QUESTION, agent)).html;

const CASES: Array<[code: string, reply: ScriptedReply | undefined, overrides?: object]> = [
  ["model-timeout", { content: "late", delayMs: 1000 }, { timeoutMs: 100 }],
  ["model-unauthorized", { status: 401 }],
  ["model-not-found", { status: 404 }],
  ["model-refused", { status: 400 }],
  ["model-server-error", { status: 503 }],
  ["model-rate-limited", { status: 429, retryAfterS: 30 }],
  ["model-malformed-reply", { malformed: true }],
  ["model-empty-reply", { content: "<think>nothing to say</think>" }],
  ["model-unreachable", undefined, { baseUrl: "http://127.0.0.1:9/v1" }],
  ["model-budget-spent", undefined, { dailyTokenBudget: 0 }],
];

describe("the floor: each model failure answers without the model, logged and counted with its code", () => {
  it.each(CASES)("%s", async (code, reply, overrides = {}) => {
    if (reply) standIn.server.script(reply);
    const w = world((meter) => standIn.client(overrides, { meter }));
    const answer = await w.ask();
    expect(answer.html).toBe(await floorHtml());
    expect(w.calls.map((c) => `${c.purpose} ${c.outcome} ${c.agent} ${c.account}`)).toEqual([
      `rewrite ${code} ops bot1`,
    ]);
    const logged = w.logger.lines.find((l) => l.code === code);
    expect(logged).toMatchObject({ agent: "ops", model: "local", remedy: expect.any(String) });
    expect(w.logger.text()).not.toContain(QUESTION);
  });

  it("model-circuit-open: after five server failures in a row the model is not asked", async () => {
    standIn.server.script({ status: 500, sticky: true });
    const w = world((meter) => standIn.client({}, { meter }));
    for (let i = 0; i < 5; i++) await w.ask();
    expect(standIn.server.received()).toHaveLength(5);
    expect((await w.ask()).html).toBe(await floorHtml());
    expect(standIn.server.received()).toHaveLength(5);
    expect(w.calls.at(-1)!.outcome).toBe("model-circuit-open");
    expect(w.logger.lines.some((l) => l.code === "model-circuit-open")).toBe(true);
  });

  it("model-queue-full: a call beyond the queue answers at once without the model", async () => {
    standIn.server.setDefault({ content: "backup restore", delayMs: 300 });
    const w = world((meter) => standIn.client({ concurrency: 1, queueLimit: 0 }, { meter }));
    const first = w.ask();
    const started = Date.now();
    expect((await w.ask()).html).toBe(await floorHtml());
    expect(Date.now() - started).toBeLessThan(250);
    await first;
    expect(w.calls.map((c) => c.outcome)).toContain("model-queue-full");
  });

  it("a failed rewrite is the floor for the whole question: the answer call is not tried", async () => {
    standIn.server.script({ status: 500, sticky: true });
    const w = world((meter) => standIn.client({}, { meter }));
    await w.ask();
    expect(w.calls.map((c) => c.purpose)).toEqual(["rewrite"]);
  });

  it("an answer citing no passage is discarded and counted (model-uncited-answer), the question never logged", async () => {
    standIn.server.script(
      { content: "restore backup latest", when: "search query" },
      { content: "Just ask the admin.", when: "Passages:" },
    );
    const w = world((meter) => standIn.client({}, { meter }));
    expect((await w.ask()).html).toBe(await floorHtml());
    expect(w.calls.map((c) => `${c.purpose} ${c.outcome}`)).toEqual(["rewrite ok", "answer ok"]);
    expect(w.discarded).toEqual(["model-uncited-answer"]);
    expect(w.logger.lines.some((l) => l.code === "model-uncited-answer")).toBe(true);
    expect(w.logger.text()).not.toContain(QUESTION);
    expect(w.logger.text()).not.toContain("Just ask the admin");
  });
});
