// Preloaded with `node --allow-natives-syntax --import <this file>`: as the process exits, asks V8
// to optimize a fresh function and writes to the file named by COMPILER_PROBE whether it was
// ("optimized") or not ("held"): whether V8's optimizing compilers are on at the end of the run.
import { writeFileSync } from "node:fs";

/** V8's optimization status bit for "optimized" (runtime-test.cc, OptimizationStatus::kOptimized). */
const OPTIMIZED = 16;

process.on("exit", () => {
  // V8 intrinsics: parsed only with --allow-natives-syntax, so compiled from a string.
  const status = new Function(
    "f",
    "%PrepareFunctionForOptimization(f); f(1); f(2); %OptimizeFunctionOnNextCall(f); f(3);" +
      "return %GetOptimizationStatus(f);",
  );
  const optimized = status(new Function("x", "return x * 2 + 1;")) & OPTIMIZED;
  writeFileSync(process.env.COMPILER_PROBE, optimized ? "optimized" : "held");
});
