import { existsSync } from "node:fs";
import type { AgentSettings } from "../../src/agents/agent-settings.js";
import { type Answerer, createAnswerer } from "../../src/agents/answer.js";
import { createGrounder } from "../../src/agents/grounded-answer.js";
import { createQuestionRewriter } from "../../src/agents/question-rewriter.js";
import { createModelClient, type ModelClient } from "../../src/models/model-client.js";
import { MODEL_DEFAULTS } from "../../src/models/model-settings.js";
import type { ModelUse } from "../../src/config/model-schema.js";
import { createSearchIndex } from "../../src/wiki/search-index/index.js";
import { createSandboxModel, readReplayFixture } from "../../packages/sandbox/src/model/index.js";
import { loadTldrPages, type MemoryWiki } from "../../packages/sandbox/src/memory-wiki.js";
import { writeResults } from "../lib/results.js";
import { percentile, round } from "../lib/stats.js";
import { CHINESE, GERMAN, RUSSIAN, SPANISH } from "./language-questions.js";
import { benchAgent } from "./model-sets.js";
import { countingMeter, measure, type Outcome, outcomeCell } from "./model-quality.js";
import { PEOPLE_OFF_TOPIC } from "./people-questions.js";
import { OFF_TOPIC, type QualityQuestion } from "./questions.js";
import { startReplay } from "./replay-model.js";
import { QUESTION_SETS } from "./run.js";
import { teamAgent } from "./team-run.js";
import { TEAM_DEV, TEAM_TEST } from "./team-questions.js";
import { teamWiki } from "./team-wiki.js";

/** Where the recorded replies to bench/answer-quality/model-prompts.jsonl are kept. */
export const DEFAULT_FIXTURE = "bench/answer-quality/model-replies.jsonl";

/** The modes measured: without the model, with its rewrite only, with its grounded answer. */
const MODES = ["off", "rewrite", "answer"] as const satisfies readonly ModelUse[];
type Mode = (typeof MODES)[number];

const withUse = (agent: AgentSettings, mode: Mode): AgentSettings =>
  mode === "off" ? { ...agent, modelUse: "off" } : { ...agent, model: "replay", modelUse: mode };

interface QuestionSet {
  questions: readonly QualityQuestion[];
  wiki: "tldr" | "team";
  offTopic?: true;
}

const part = <Q extends QualityQuestion & { part: string }>(questions: readonly Q[], wanted: string) =>
  questions.filter((q) => q.part === wanted);

/**
 * Every set the model is measured on. The Russian, German, Spanish and Chinese sets are asked of
 * the English wiki (the tldr translations sit at the same paths as the English pages, so the same
 * pages answer them); their dev parts, like peopleDev and teamDev, are the ones tuning may look at.
 */
function questionSets(): Record<string, QuestionSet> {
  const sets: Record<string, QuestionSet> = {};
  for (const [name, set] of Object.entries(QUESTION_SETS))
    sets[name] = { questions: set.questions, wiki: "tldr" };
  sets.offTopic = {
    questions: [...OFF_TOPIC, ...PEOPLE_OFF_TOPIC].map((question) => ({ question, answers: [] })),
    wiki: "tldr",
    offTopic: true,
  };
  const languages = { ru: RUSSIAN, de: GERMAN, es: SPANISH, zh: CHINESE };
  for (const wanted of ["dev", "test"])
    for (const [language, questions] of Object.entries(languages))
      sets[`${language} → en wiki, ${wanted}`] = { questions: part(questions, wanted), wiki: "tldr" };
  sets.teamDev = { questions: TEAM_DEV, wiki: "team" };
  sets.teamTest = { questions: TEAM_TEST, wiki: "team" };
  return sets;
}

/** An answerer on `wiki` whose model (for agents that name "replay") is `client`; without one, none. */
export async function answererOn(wiki: MemoryWiki, client?: ModelClient): Promise<Answerer> {
  const index = createSearchIndex();
  await index.build(wiki, { concurrency: 8 });
  if (!client) return createAnswerer({ index, wiki });
  const models = (name: string) => (name === "replay" ? client : undefined);
  return createAnswerer({
    index,
    wiki,
    rewriter: createQuestionRewriter({ models }),
    grounder: createGrounder({ models }),
  });
}

/**
 * Every set in each mode, the model being the stand-in replaying the recorded fixture (a prompt
 * without a recorded reply is a fallback to the floor, never an invented answer); and the
 * gateway's own time on top of a model that answers after a set delay.
 */
export async function runWithModel(fixturePath = DEFAULT_FIXTURE) {
  if (!existsSync(fixturePath))
    throw new Error(
      `no replay fixture at ${fixturePath}: record replies to bench/answer-quality/model-prompts.jsonl first`,
    );
  const fixture = readReplayFixture(fixturePath);
  const pages = await loadTldrPages();
  const counting = countingMeter();
  const replay = await startReplay(fixture, counting.meter);
  try {
    const answerers = {
      tldr: await answererOn(pages, replay.client),
      team: await answererOn(await teamWiki(), replay.client),
    };
    const agents = { tldr: benchAgent, team: teamAgent };
    const sets: Record<string, Record<Mode, Outcome> & { offTopic: boolean }> = {};
    for (const [name, set] of Object.entries(questionSets())) {
      const row = { offTopic: set.offTopic === true } as (typeof sets)[string];
      for (const mode of MODES)
        row[mode] = await measure(
          answerers[set.wiki],
          withUse(agents[set.wiki], mode),
          set.questions,
          counting.failures,
        );
      sets[name] = row;
    }
    const overhead = await gatewayOverhead(pages);
    return {
      fixture: { path: fixturePath, replies: fixture.size(), recording: fixture.recording },
      sets,
      overhead,
    };
  } finally {
    await replay.close();
  }
}

/** The gateway's time on top of a model answering after 50 ms: p50/p95 of (answer time − 50 ms). */
async function gatewayOverhead(pages: MemoryWiki) {
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
    const index = createSearchIndex();
    await index.build(pages, { concurrency: 8 });
    const answerer = createAnswerer({
      index,
      wiki: pages,
      rewriter: createQuestionRewriter({ models: () => client }),
    });
    const agent = { ...withUse(benchAgent, "rewrite"), model: "slow" };
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
  const rows = Object.entries(data.sets).map(([name, r]) => [
    name,
    r.off.questions,
    outcomeCell(r.off, r.offTopic),
    outcomeCell(r.rewrite, r.offTopic, ["floor"]),
    outcomeCell(r.answer, r.offTopic, ["modelAnswered", "floor"]),
  ]);
  return writeResults("answer-quality-model", data, {
    title: `answer quality with the model (replayed from ${data.fixture.path}, ${data.fixture.replies} replies), per cent`,
    columns: [
      "set",
      "questions",
      "without the model: top-1 / top-3 / confidently wrong",
      'modelUse "rewrite": top-1 / top-3 / confidently wrong / floor',
      'modelUse "answer": top-1 / top-3 / confidently wrong / the model\'s answer / floor',
    ],
    rows,
    notes: [
      "Off-topic: confidently wrong is any confident answer. Floor: a model call failed (a prompt without a recorded reply, never an invented one) and that part was answered as without the model. The model's answer: the reply cited passages it was given and is the answer.",
      `Gateway's own time on top of a model answering after ${data.overhead.delayMs} ms (${data.overhead.samples} questions): p50 ${data.overhead.p50} ms, p95 ${data.overhead.p95} ms.`,
    ],
  });
}
