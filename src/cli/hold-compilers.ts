import { asksOneQuestion } from "./ask-flags.js";
import { holdOptimizingCompilers } from "./optimizing-compilers.js";

// Imported by main.ts before the CLI's modules load (they are compiled as they run): `ask` with one
// question exits once it has answered, too soon for V8's optimizing compilers to repay their cost
// (see optimizing-compilers.ts).
if (asksOneQuestion(process.argv.slice(2))) holdOptimizingCompilers();
