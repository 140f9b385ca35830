import type { AgentSettings } from "../../src/agents/agent-settings.js";
import type { Answerer } from "../../src/agents/answer.js";
import type { ModelMeter } from "../../src/models/model-meter.js";
import { round } from "../lib/stats.js";
import type { QualityQuestion } from "./questions.js";
import { rankOf } from "./run.js";

/** How a set of questions was answered in one mode. */
export interface Outcome {
  questions: number;
  /** The right page first among the answer's sources. */
  top1: number;
  /** The right page among the first three sources. */
  top3: number;
  /** Answered confidently with a page that does not answer (off-topic: any confident answer). */
  confidentlyWrong: number;
  /** Questions where a model call failed (no recorded reply, a bad reply): that part was the floor's. */
  floor: number;
  /** Answers the model wrote (modelUse "answer": a reply citing passages it was given). */
  modelAnswered: number;
}

/**
 * A model outcome counter: each call is "ok" or a failure (the floor); so is a rewrite reply the
 * agent could not use. A grounded answer the model declined (NO ANSWER, no citation) is its
 * judgement, counted apart (Outcome.modelAnswered), not a failure.
 */
export function countingMeter() {
  let failed = 0;
  const meter: ModelMeter = {
    call: (l) => void (l.outcome === "ok" ? 0 : failed++),
    discarded: (r) => void (r.purpose === "answer" ? 0 : failed++),
  };
  return { meter, failures: () => failed };
}

/** Asks each question of `answerer` as `agent` and counts how it was answered. */
export async function measure(
  answerer: Answerer,
  agent: AgentSettings,
  questions: readonly QualityQuestion[],
  failures: () => number,
): Promise<Outcome> {
  const out: Outcome = { questions: 0, top1: 0, top3: 0, confidentlyWrong: 0, floor: 0, modelAnswered: 0 };
  for (const q of questions) {
    const before = failures();
    const answer = await answerer.answer(q.question, agent, { account: "bench" });
    const rank = rankOf(
      q,
      answer.sources.map((s) => s.path),
    );
    out.questions += 1;
    if (rank === 0) out.top1 += 1;
    if (rank >= 0 && rank < 3) out.top3 += 1;
    if (answer.confidence === "confident" && rank !== 0) out.confidentlyWrong += 1;
    if (failures() > before) out.floor += 1;
    if (answer.via === "model") out.modelAnswered += 1;
  }
  return out;
}

const pct = (n: number, of: number) => `${round((n / Math.max(1, of)) * 100, 1)}`;

/** "top-1 / top-3 / confidently wrong" in per cent (off-topic: only the last), then `extra` shares. */
export function outcomeCell(o: Outcome, offTopic: boolean, extra: Array<keyof Outcome> = []): string {
  const ranks = offTopic ? ["—", "—"] : [pct(o.top1, o.questions), pct(o.top3, o.questions)];
  return [...ranks, pct(o.confidentlyWrong, o.questions), ...extra.map((k) => pct(o[k], o.questions))].join(
    " / ",
  );
}
