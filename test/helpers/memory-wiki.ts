/** The in-memory wiki and the tldr corpus live in the sandbox package (the bench uses them too); tests import them from here. */
export * from "../../packages/sandbox/src/memory-wiki.js";
export { tldrRoot } from "../../packages/sandbox/src/tldr-corpus.js";
