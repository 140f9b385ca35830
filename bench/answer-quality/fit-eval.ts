import { judgeConfidence } from "../../src/agents/answer.js";
import type { AgentSettings } from "../../src/agents/agent-settings.js";
import type { SearchIndex } from "../../src/wiki/search-index/index.js";
import { applySetting, type Setting, type Weight } from "./fit-params.js";
import type { QualityQuestion } from "./questions.js";
import { rankOf } from "./run.js";

/** How deep a question's accepted page is looked for: below this it counts as missed. */
export const DEPTH = 10;

/**
 * Scores settings on a fixed list of questions, through the index the answerer searches (same
 * section, locale and ranking; the answerer shows the first three of these results, so top-1 and
 * top-3 are the answerer's). Each (setting, question) is searched once: folds of a
 * cross-validation that visit the same setting share the searches.
 */
export interface Evaluator {
  /** The accepted page's position (0 = first) under the setting, -1 below DEPTH or not found. */
  rank(setting: Setting, question: number): number;
  /** How many of the off-topic questions get a confident answer under the setting. */
  confidentOffTopic(setting: Setting): number;
  /** Searches run so far (what the time goes into). */
  readonly searches: number;
  /** Distinct settings searched so far. */
  readonly settings: number;
}

interface Scored {
  ranks: Int16Array;
  offTopic: number;
}

const UNKNOWN = -2;

export function createEvaluator(deps: {
  index: SearchIndex;
  agent: AgentSettings;
  weights: readonly Weight[];
  questions: readonly QualityQuestion[];
  offTopic: readonly string[];
}): Evaluator {
  const { index, agent, weights, questions, offTopic } = deps;
  const memo = new Map<string, Scored>();
  let searches = 0;
  const search = (text: string, limit: number) => {
    searches++;
    return index.search(text, { section: agent.section, locale: agent.locale, limit });
  };
  const entry = (setting: Setting): Scored => {
    const key = weights.map((w) => setting[w.name]).join(",");
    let scored = memo.get(key);
    if (!scored) {
      memo.set(key, (scored = { ranks: new Int16Array(questions.length).fill(UNKNOWN), offTopic: -1 }));
    }
    return scored;
  };
  return {
    rank(setting, q) {
      const scored = entry(setting);
      if (scored.ranks[q] === UNKNOWN) {
        applySetting(weights, setting);
        const question = questions[q]!;
        const paths = search(question.question, DEPTH).map((r) => r.page.path);
        scored.ranks[q] = rankOf(question, paths);
      }
      return scored.ranks[q]!;
    },
    confidentOffTopic(setting) {
      const scored = entry(setting);
      if (scored.offTopic < 0) {
        applySetting(weights, setting);
        // The answerer judges its first three results; the best one decides.
        scored.offTopic = offTopic.filter(
          (text) => judgeConfidence(search(text, 3), text) === "confident",
        ).length;
      }
      return scored.offTopic;
    },
    get searches() {
      return searches;
    },
    get settings() {
      return memo.size;
    },
  };
}

/** Top-1, top-3 and mean reciprocal rank (within DEPTH) of a list of ranks. */
export function rankFigures(ranks: readonly number[]) {
  const n = ranks.length || 1;
  return {
    n: ranks.length,
    top1: ranks.filter((r) => r === 0).length,
    top3: ranks.filter((r) => r >= 0 && r < 3).length,
    mrr: ranks.reduce((sum, r) => sum + (r >= 0 ? 1 / (r + 1) : 0), 0) / n,
  };
}

/**
 * What a fit maximises on some questions, and its constraint: the mean reciprocal rank (or the
 * top-1 + top-3 share) under a setting, allowed while no more off-topic questions than `limitOff`
 * get a confident answer. `figures` gives the counts behind it.
 */
export function fitObjective(evaluator: Evaluator, objective: "mrr" | "top", limitOff: number) {
  const figures = (setting: Setting, qs: readonly number[]) =>
    rankFigures(qs.map((q) => evaluator.rank(setting, q)));
  const objectiveOn = (qs: readonly number[]) => (setting: Setting) => {
    const f = figures(setting, qs);
    const value = objective === "mrr" ? f.mrr : (f.top1 + f.top3) / (2 * (f.n || 1));
    return { objective: value, allowed: evaluator.confidentOffTopic(setting) <= limitOff };
  };
  return { figures, objectiveOn };
}
