import { parseArgs } from "node:util";
import type { AscentOptions } from "./fit-ascent.js";

const USAGE = `node bench/dist/bench/answer-quality/fit.js [options]
  Fits the ranking's weights jointly by coordinate ascent on the tuning sets (tuned, held-out,
  people dev third; never the test part) under the constraint that no more of the first ten
  off-topic questions get a confident answer; cross-validates the fit first.
  --passes N        rounds over the weights per fit (default 1; 2 for a second round)
  --only a,b        fit only these weights (a name or an object: SEARCH.bm25,RANKING.phrase)
  --max-evals N     settings scored per fit at most (default 200; one pass scores about 93)
  --objective NAME  mrr (mean reciprocal rank of the accepted page, default) or top (top-1 + top-3)
  --factors a,b     multipliers tried per weight (default 0.5,0.7,1.4,2)
  --min-gain X      least objective gain a move must bring (default 0.0005)
  --no-cv           skip the cross-validation, only fit on all three sets
  --cv-only         only cross-validate
  --synthetic N     fit instead on N questions drawn from the corpus itself (synthetic.ts: an
                    example taken out of its page, its description asked); every tuning set is
                    then left out and only scored, before and after
  --central         with --synthetic: draw pages in proportion to how many other pages run them
  --list            list the weights found and their values, then stop`;

/** What `fit.js` was asked to do (defaults keep a full run within a few minutes on two busy cores). */
export interface FitArgs {
  ascent: AscentOptions;
  only: string[];
  objective: "mrr" | "top";
  cv: boolean;
  final: boolean;
  list: boolean;
  /** Synthetic questions to fit on instead of the tuning sets (0: fit on the tuning sets). */
  synthetic: number;
  /** Synthetic questions drawn from pages in proportion to how central they are. */
  central: boolean;
}

/** The command line's options; a bad value is an error naming the flag and what to give. */
export function parseFitArgs(argv: readonly string[]): FitArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      passes: { type: "string", default: "1" },
      only: { type: "string", default: "" },
      "max-evals": { type: "string", default: "200" },
      objective: { type: "string", default: "mrr" },
      factors: { type: "string", default: "0.5,0.7,1.4,2" },
      "min-gain": { type: "string", default: "0.0005" },
      "no-cv": { type: "boolean", default: false },
      "cv-only": { type: "boolean", default: false },
      list: { type: "boolean", default: false },
      synthetic: { type: "string", default: "0" },
      central: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const number = (flag: string, text: string, min: number) => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${flag} ${text}: give a number ≥ ${min}`);
    return n;
  };
  const factors = values.factors.split(",").map((f) => number("factors", f, 0));
  if (values.objective !== "mrr" && values.objective !== "top")
    throw new Error(`--objective ${values.objective}: give mrr or top`);
  if (values["no-cv"] && values["cv-only"]) throw new Error("--no-cv and --cv-only exclude each other");
  return {
    ascent: {
      passes: Math.floor(number("passes", values.passes, 1)),
      maxEvals: Math.floor(number("max-evals", values["max-evals"], 1)),
      factors,
      minGain: number("min-gain", values["min-gain"], 0),
    },
    only: values.only.split(",").filter(Boolean),
    objective: values.objective,
    cv: !values["no-cv"],
    final: !values["cv-only"],
    list: values.list,
    synthetic: Math.floor(number("synthetic", values.synthetic, 0)),
    central: values.central,
  };
}
