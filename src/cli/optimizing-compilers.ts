import { setFlagsFromString } from "node:v8";

/**
 * V8's optimizing compilers (TurboFan, and Maglev where Node turns it on: Node 22 and later) held
 * off for `wiki-gateway ask` with one question, which exits once it has answered
 * (hold-compilers.ts holds them, first thing, when the command line is one), until
 * releaseOptimizingCompilers: ask.ts calls it before it builds or refreshes the index, work long
 * enough to repay them (a build of 12,136 pages took 1.7 times the CPU with them held).
 *
 * Why: in a process that runs for a third of a second, the functions that turn hot (reading the
 * index, ranking, rendering) are compiled again on background threads for runs that never come:
 * with the tldr translations (12,136 pages) that cost 0.04 s of CPU and 8 MB of peak RSS on Node
 * 20, 15 MB on Node 24 (docs/performance.md, "ask"). Results do not change: the compilers make
 * the same code faster, never different. A batch (questions on stdin) keeps them: it runs long
 * enough to gain from them.
 *
 * How: V8 reads these flags each time it considers optimizing a function, so setting them once
 * the process runs takes effect from then on (the same mechanism as app/young-generation.ts).
 */
let held = false;

/** Holds the optimizing compilers off from now on. */
export function holdOptimizingCompilers(): void {
  setFlagsFromString("--no-turbofan");
  setFlagsFromString("--no-maglev");
  held = true;
}

/**
 * Turns the compilers held by holdOptimizingCompilers back on, as Node has them by default:
 * TurboFan, and Maglev only from Node 22 (on Node 20 it is off by default, and `--maglev` would
 * turn on what Node never runs there). Nothing when they were not held.
 */
export function releaseOptimizingCompilers(nodeVersion: string = process.versions.node): void {
  if (!held) return;
  held = false;
  setFlagsFromString("--turbofan");
  if (Number(nodeVersion.split(".")[0]) >= MAGLEV_BY_DEFAULT_SINCE) setFlagsFromString("--maglev");
}

/** The first Node major whose V8 runs Maglev by default (V8 12.4). */
const MAGLEV_BY_DEFAULT_SINCE = 22;
