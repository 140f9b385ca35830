import { resolveAgentSettings } from "../src/agents/agent-settings.js";
import { createAnswerer } from "../src/agents/answer.js";
import { createGrounder } from "../src/agents/grounded-answer.js";
import { createQuestionRewriter } from "../src/agents/question-rewriter.js";
import { createModelClient } from "../src/models/model-client.js";
import type { ModelMeter } from "../src/models/model-meter.js";
import { MODEL_URL_NAME, modelUrlSettings } from "../src/models/model-from-config.js";
import { createSearchIndex } from "../src/wiki/search-index/index.js";
import { createSandboxModel } from "../packages/sandbox/src/model/index.js";
import { loadTldrPages } from "../packages/sandbox/src/memory-wiki.js";
import { QUESTIONS } from "./answer-quality/questions.js";
import { writeResults } from "./lib/results.js";
import { percentile, round, spread } from "./lib/stats.js";

/** What the stand-in waits before each reply: the model's own time. */
const DELAY_MS = 50;
/** The target of issue 29: the gateway's own time on top of the model's, at p95. */
const TARGET_P95_MS = 20;
/** The model's timeout in the slow-model case, and how long that model would take. */
const SLOW_TIMEOUT_MS = 200;
const SLOW_MODEL_MS = 2_000;
/** The target of issue 29: with the model too slow, the answer within the timeout plus 50 ms. */
const TARGET_LATE_MS = 50;

/**
 * The gateway's own time on top of the model's, per question, in process on the tldr corpus: the
 * answerer with a model (modelUse "rewrite": one call, two index searches and the fusion;
 * "answer": the rewrite, then the grounded answer from the passages) against the stand-in
 * answering every call after DELAY_MS. Own time = the answer's time − DELAY_MS × the calls it
 * made (so the HTTP round trips to the stand-in on 127.0.0.1, and its timer's lateness, count as
 * the gateway's); and, apart, the time outside the model client's calls (each call's time as
 * /metrics measures it: request, the model, reply). Every
 * question is worded anew each round, so no cache answers; a first round warms up, unmeasured.
 * Next to it, the answer without a model: what any answer costs.
 */
export async function runModelOverhead(options: { rounds?: number } = {}) {
  const rounds = options.rounds ?? 3;
  const wiki = await loadTldrPages();
  const index = createSearchIndex();
  await index.build(wiki);
  const server = createSandboxModel({ models: ["slow"] });
  // One line for the rewrite; the answer cites the first passage it was given.
  server.setDefault({ content: "tar extract archive [1]", delayMs: DELAY_MS });
  const baseUrl = await server.listen();
  let calls = 0;
  let callSeconds = 0;
  const meter: ModelMeter = {
    call: (r) => {
      calls++;
      callSeconds += r.seconds;
    },
    discarded: () => {},
  };
  const client = createModelClient({
    // The settings MODEL_URL gives: the defaults of `models.<name>`, no key, no budget.
    settings: modelUrlSettings(baseUrl, "slow"),
    meter,
  });
  const answerer = answererOn(client, index, wiki);
  const agentWith = (modelUse: "off" | "rewrite" | "answer") =>
    resolveAgentSettings(
      "main",
      { section: "", locale: "en", editors: [], answerLength: 1200, model: MODEL_URL_NAME, modelUse },
      "http://wiki.example",
    );
  const rows: Array<Array<string | number>> = [];
  const data: Record<string, unknown> = {};
  try {
    // The timeout path first, while the stand-in answers late: then the normal replies.
    server.setDefault({ content: "tar extract archive [1]", delayMs: SLOW_MODEL_MS });
    data.tooSlow = await timeoutPath(baseUrl, index, wiki, agentWith("answer"));
    server.setDefault({ content: "tar extract archive [1]", delayMs: DELAY_MS });
    for (const use of ["off", "rewrite", "answer"] as const) {
      const agent = agentWith(use);
      const own: number[] = [];
      const outsideCalls: number[] = [];
      let fellBack = 0;
      // One round unmeasured first: the JIT's warm-up is no answer's cost.
      for (const [i, q] of QUESTIONS.entries())
        await answerer.answer(`${q.question} warm-${i}`, agent, { account: "bench" });
      for (let r = 0; r < rounds; r++) {
        for (const [i, q] of QUESTIONS.entries()) {
          const before = { calls, callSeconds };
          const started = performance.now();
          const answer = await answerer.answer(`${q.question} ${r}-${i}`, agent, { account: "bench" });
          const took = performance.now() - started;
          own.push(took - DELAY_MS * (calls - before.calls));
          outsideCalls.push(took - (callSeconds - before.callSeconds) * 1000);
          if (use === "answer" && answer.html.includes("tar extract archive") === false) fellBack++;
        }
      }
      const figures = {
        ...spread(own),
        outsideCallsP50: round(percentile(outsideCalls, 50)),
        outsideCallsP95: round(percentile(outsideCalls, 95)),
        ...(use === "answer" ? { groundedAnswers: own.length - fellBack } : {}),
      };
      data[use] = figures;
      rows.push([
        use === "off" ? "off (no model)" : use,
        figures.samples,
        figures.p50,
        figures.p95,
        figures.max,
        `${figures.outsideCallsP50} / ${figures.outsideCallsP95}`,
        use === "off" ? "—" : figures.p95 < TARGET_P95_MS ? "yes" : "NO",
      ]);
    }
  } finally {
    await server.close();
  }
  const table = writeResults(
    "model-overhead",
    { delayMs: DELAY_MS, targetP95Ms: TARGET_P95_MS, ...data },
    {
      title: `The gateway's own time per question on top of a model answering after ${DELAY_MS} ms (ms)`,
      columns: [
        "modelUse",
        "questions",
        "p50",
        "p95",
        "max",
        "outside the model calls p50 / p95",
        `p95 < ${TARGET_P95_MS} ms`,
      ],
      rows,
      notes: [
        `Model too slow (it would answer after ${SLOW_MODEL_MS} ms, timeout ${SLOW_TIMEOUT_MS} ms, modelUse "answer", a fresh client per question so no circuit opens): the answer without the model came ${describeLate(data.tooSlow as LateFigures)} after the timeout (target < ${TARGET_LATE_MS} ms at p95).`,
        `tldr corpus (${index.pages().length} pages), the ${QUESTIONS.length} how-to questions × ${rounds} rounds, each worded anew. Command: npm run bench -- model-overhead`,
      ],
    },
  );
  return { data, table };
}

/** The product's answerer with one model client for rewrites and grounded answers. */
function answererOn(
  client: ReturnType<typeof createModelClient>,
  index: ReturnType<typeof createSearchIndex>,
  wiki: Awaited<ReturnType<typeof loadTldrPages>>,
) {
  const models = () => client;
  return createAnswerer({
    index,
    wiki,
    rewriter: createQuestionRewriter({ models }),
    grounder: createGrounder({ models }),
  });
}

type LateFigures = ReturnType<typeof spread>;

const describeLate = (f: LateFigures) =>
  `p50 ${f.p50} ms, p95 ${f.p95} ms, max ${f.max} ms (${f.samples} questions; ${f.p95 < TARGET_LATE_MS ? "met" : "NOT met"})`;

/**
 * How late after the model's timeout the answer without the model comes: each question asked of
 * a model that answers after SLOW_MODEL_MS with a timeout of SLOW_TIMEOUT_MS; late = the answer's
 * time − the timeout. A fresh client per question keeps the circuit breaker closed, so every
 * question takes the timeout path rather than the open circuit's refusal. The first five questions
 * warm up, unmeasured.
 */
async function timeoutPath(
  baseUrl: string,
  index: ReturnType<typeof createSearchIndex>,
  wiki: Awaited<ReturnType<typeof loadTldrPages>>,
  agent: ReturnType<typeof resolveAgentSettings>,
): Promise<LateFigures> {
  const late: number[] = [];
  for (const [i, q] of QUESTIONS.entries()) {
    const client = createModelClient({
      settings: { ...modelUrlSettings(baseUrl, "slow"), timeoutMs: SLOW_TIMEOUT_MS },
    });
    const answerer = answererOn(client, index, wiki);
    const started = performance.now();
    await answerer.answer(`${q.question} slow-${i}`, agent, { account: "bench" });
    if (i >= 5) late.push(performance.now() - started - SLOW_TIMEOUT_MS);
  }
  return spread(late);
}
