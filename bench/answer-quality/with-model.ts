import { existsSync } from "node:fs";
import { resolveAgentSettings } from "../../src/agents/agent-settings.js";
import { type Answerer, createAnswerer } from "../../src/agents/answer.js";
import { createQuestionRewriter } from "../../src/agents/question-rewriter.js";
import { createModelClient } from "../../src/models/model-client.js";
import type { ModelMeter } from "../../src/models/model-meter.js";
import { MODEL_DEFAULTS } from "../../src/models/model-settings.js";
import { createSearchIndex, type SearchIndex } from "../../src/wiki/search-index/index.js";
import { createSandboxModel, readReplayFixture } from "../../packages/sandbox/src/model/index.js";
import { loadTldrPages } from "../../packages/sandbox/src/memory-wiki.js";
import type { MemoryWiki } from "../../packages/sandbox/src/memory-wiki.js";
import { writeResults } from "../lib/results.js";
import { percentile, round } from "../lib/stats.js";
import { OFF_TOPIC } from "./questions.js";
import { PEOPLE_OFF_TOPIC } from "./people-questions.js";
import { QUESTION_SETS, type QuestionSetName, rankOf } from "./run.js";
import { BENCH_LOCALE } from "./model-sets.js";
import { CHINESE, GERMAN, type LanguageQuestion, RUSSIAN, SPANISH } from "./language-questions.js";
import type { QualityQuestion } from "./questions.js";

/** Where the recorded replies to bench/answer-quality/model-prompts.jsonl are kept. */
export const DEFAULT_FIXTURE = "bench/answer-quality/model-replies.jsonl";

interface Outcome {
  top1: number;
  top3: number;
  /** Answered confidently with a page that does not answer (off-topic: any confident answer). */
  confidentlyWrong: number;
  /** Questions whose rewrite failed (no recorded reply, a bad reply), answered as without a model. */
  fallback: number;
  questions: number;
}

const agentFor = (model: boolean) =>
  resolveAgentSettings(
    "bench",
    {
      section: "",
      locale: BENCH_LOCALE,
      editors: [],
      answerLength: 1200,
      ...(model ? { model: "replay", modelUse: "rewrite" as const } : {}),
    },
    "https://wiki.example.com",
  );

/** A model outcome counter: each question's call is "ok" or a failure (the floor). */
function countingMeter() {
  let failed = 0;
  const meter: ModelMeter = {
    call: (l) => void (l.outcome === "ok" ? 0 : failed++),
    discarded: () => void failed++,
  };
  return { meter, failures: () => failed };
}

/**
 * The test parts of the Russian, German, Spanish and Chinese sets, asked of the English wiki: the
 * tldr translations sit at the same paths as the English pages, so the same pages answer them.
 */
const CROSS_LANGUAGE: Record<string, readonly LanguageQuestion[]> = {
  "ru → en wiki": RUSSIAN,
  "de → en wiki": GERMAN,
  "es → en wiki": SPANISH,
  "zh → en wiki": CHINESE,
};

type SetName = QuestionSetName | "offTopic" | keyof typeof CROSS_LANGUAGE;

function questionsOf(name: SetName): readonly QualityQuestion[] {
  if (name === "offTopic")
    return [...OFF_TOPIC, ...PEOPLE_OFF_TOPIC].map((question) => ({ question, answers: [] as string[] }));
  const cross = CROSS_LANGUAGE[name];
  if (cross) return cross.filter((q) => q.part === "test");
  return QUESTION_SETS[name as QuestionSetName].questions;
}

async function measureSet(
  answerer: Answerer,
  model: boolean,
  name: SetName,
  failures: () => number,
): Promise<Outcome> {
  const agent = agentFor(model);
  const before = failures();
  const out: Outcome = { top1: 0, top3: 0, confidentlyWrong: 0, fallback: 0, questions: 0 };
  const questions = questionsOf(name);
  for (const q of questions) {
    const answer = await answerer.answer(q.question, agent, { account: "bench" });
    const rank = rankOf(
      q,
      answer.sources.map((s) => s.path),
    );
    out.questions += 1;
    if (rank === 0) out.top1 += 1;
    if (rank >= 0 && rank < 3) out.top3 += 1;
    if (answer.confidence === "confident" && rank !== 0) out.confidentlyWrong += 1;
  }
  out.fallback = failures() - before;
  return out;
}

/**
 * Every answer-quality set with and without the model, the model being the stand-in replaying the
 * recorded fixture (a prompt without a recorded reply is a fallback, never an invented answer);
 * and the gateway's own time on top of a model that answers after a set delay.
 */
export async function runWithModel(fixturePath = DEFAULT_FIXTURE, wiki?: MemoryWiki) {
  if (!existsSync(fixturePath))
    throw new Error(
      `no replay fixture at ${fixturePath}: record replies to bench/answer-quality/model-prompts.jsonl first`,
    );
  const fixture = readReplayFixture(fixturePath);
  const pages = wiki ?? (await loadTldrPages());
  const index = createSearchIndex();
  await index.build(pages, { concurrency: 8 });
  const server = createSandboxModel({ models: ["replay"], fixture });
  const baseUrl = await server.listen();
  try {
    const counting = countingMeter();
    const client = createModelClient({
      settings: {
        name: "replay",
        baseUrl,
        model: "replay",
        apiKey: undefined,
        ...MODEL_DEFAULTS,
        timeoutMs: 30_000,
        dailyTokenBudget: undefined,
      },
      meter: counting.meter,
    });
    const withModel = createAnswerer({
      index,
      wiki: pages,
      rewriter: createQuestionRewriter({ models: () => client }),
    });
    const without = createAnswerer({ index, wiki: pages });
    const names: SetName[] = [
      ...(Object.keys(QUESTION_SETS) as QuestionSetName[]),
      "offTopic",
      ...Object.keys(CROSS_LANGUAGE),
    ];
    const sets: Record<string, { without: Outcome; with: Outcome }> = {};
    for (const name of names)
      sets[name] = {
        without: await measureSet(without, false, name, () => 0),
        with: await measureSet(withModel, true, name, counting.failures),
      };
    const overhead = await gatewayOverhead(index, pages);
    return {
      fixture: { path: fixturePath, replies: fixture.size(), recording: fixture.recording },
      sets,
      overhead,
    };
  } finally {
    await server.close();
  }
}

/** The gateway's time on top of a model answering after 50 ms: p50/p95 of (answer time − 50 ms). */
async function gatewayOverhead(index: SearchIndex, pages: MemoryWiki) {
  const delayMs = 50;
  const server = createSandboxModel({ models: ["slow"] });
  server.setDefault({ content: "tar extract archive", delayMs });
  const baseUrl = await server.listen();
  try {
    const client = createModelClient({
      settings: {
        name: "slow",
        baseUrl,
        model: "slow",
        apiKey: undefined,
        ...MODEL_DEFAULTS,
        dailyTokenBudget: undefined,
      },
    });
    const answerer = createAnswerer({
      index,
      wiki: pages,
      rewriter: createQuestionRewriter({ models: () => client }),
    });
    const agent = { ...agentFor(true), model: "slow" };
    const extra: number[] = [];
    const questions = QUESTION_SETS.peopleDev.questions;
    for (const [i, q] of questions.entries()) {
      const started = performance.now();
      // A new wording each time: the rewrite cache must not answer.
      await answerer.answer(`${q.question} ${i}`, agent, { account: "bench" });
      extra.push(performance.now() - started - delayMs);
    }
    return {
      delayMs,
      samples: extra.length,
      p50: round(percentile(extra, 50)),
      p95: round(percentile(extra, 95)),
    };
  } finally {
    await server.close();
  }
}

export async function runWithModelTable(fixturePath = DEFAULT_FIXTURE): Promise<string> {
  const data = await runWithModel(fixturePath);
  const pct = (n: number, of: number) => `${round((n / Math.max(1, of)) * 100, 1)} %`;
  const rows = Object.entries(data.sets).flatMap(([name, r]) =>
    (["without", "with"] as const).map((mode) => {
      const o = r[mode];
      return [
        `${name}, ${mode} the model`,
        o.questions,
        name === "offTopic" ? "—" : pct(o.top1, o.questions),
        name === "offTopic" ? "—" : pct(o.top3, o.questions),
        pct(o.confidentlyWrong, o.questions),
        mode === "with" ? pct(o.fallback, o.questions) : "—",
      ];
    }),
  );
  return writeResults("answer-quality-model", data, {
    title: `answer quality with the model's rewrite (replayed from ${data.fixture.path}, ${data.fixture.replies} replies)`,
    columns: ["set", "questions", "top-1", "top-3", "confidently wrong", "fallback to the floor"],
    rows,
    notes: [
      `Gateway's own time on top of a model answering after ${data.overhead.delayMs} ms (${data.overhead.samples} questions): p50 ${data.overhead.p50} ms, p95 ${data.overhead.p95} ms.`,
      "A question whose prompt has no recorded reply falls back to the answer without a model (the stand-in never invents one).",
    ],
  });
}
