import { type Setting, tidy, type Weight } from "./fit-params.js";

export interface AscentOptions {
  /** Full rounds over the weights; stops early after a round that changed nothing. */
  passes: number;
  /** Each weight is tried at its current value times each factor, in this order. */
  factors: readonly number[];
  /** Scored settings at most (cached ones count too); the fit stops where it is when reached. */
  maxEvals: number;
  /** A move is kept only if it raises the objective by more than this. */
  minGain: number;
}

/** What a setting is worth: the objective to maximise, and whether it keeps the constraint. */
export interface Verdict {
  objective: number;
  allowed: boolean;
}

export interface AscentResult {
  setting: Setting;
  objective: number;
  /** Settings scored. */
  evals: number;
  passes: number;
  /** One line per kept move: `SEARCH.bm25.k 1.2 → 1.68 (0.7123 → 0.7188)`. */
  moves: string[];
  /** True when maxEvals stopped the fit before it converged or ran all passes. */
  capped: boolean;
}

/**
 * Coordinate ascent: for each weight in turn, its value times each factor is scored with every
 * other weight held; the best allowed setting that gains more than `minGain` is kept, else the
 * weight goes back to its value. Rounds repeat until one changes nothing or `passes` are done.
 * Deterministic: the same start, weights, options and scores give the same result. A weight at 0
 * (a switched-off signal) stays 0; values stay within [0, weight.max] and are kept to four
 * significant digits, as they would be written in the source.
 */
export function coordinateAscent(
  weights: readonly Weight[],
  start: Setting,
  score: (setting: Setting) => Verdict,
  options: AscentOptions,
): AscentResult {
  let current = { ...start };
  let evals = 0;
  const first = score(current);
  evals++;
  if (!first.allowed) throw new Error("the starting setting breaks the constraint it is fitted under");
  let objective = first.objective;
  const moves: string[] = [];
  let passes = 0;
  let capped = false;
  for (let pass = 0; pass < options.passes && !capped; pass++) {
    passes++;
    let changed = false;
    for (const w of weights) {
      const value = current[w.name]!;
      if (value === 0) continue;
      let best: { value: number; objective: number } | undefined;
      const tried = new Set([value]);
      for (const factor of options.factors) {
        const candidate = tidy(Math.min(w.max, Math.max(0, value * factor)));
        if (tried.has(candidate)) continue;
        tried.add(candidate);
        if (evals >= options.maxEvals) {
          capped = true;
          break;
        }
        const verdict = score({ ...current, [w.name]: candidate });
        evals++;
        if (!verdict.allowed || verdict.objective <= objective + options.minGain) continue;
        if (!best || verdict.objective > best.objective)
          best = { value: candidate, objective: verdict.objective };
      }
      if (best) {
        moves.push(`${w.name} ${value} → ${best.value} (${fmt(objective)} → ${fmt(best.objective)})`);
        current = { ...current, [w.name]: best.value };
        objective = best.objective;
        changed = true;
      }
      if (capped) break;
    }
    if (!changed) break;
  }
  return { setting: current, objective, evals, passes, moves, capped };
}

const fmt = (x: number) => x.toFixed(4);
