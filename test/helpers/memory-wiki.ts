/** The in-memory wiki lives in src/sandbox (the benchmarks use it too); tests import it from here. */
export * from "../../src/sandbox/memory-wiki.js";
