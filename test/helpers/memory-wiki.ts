/** The in-memory wiki and the tldr corpus live in the sandbox package (the bench uses them too); tests import them from here. */
export * from "../../packages/sandbox/src/memory-wiki.js";
export { tldrRoot } from "../../packages/sandbox/src/tldr-corpus.js";

/** An English page for a memory wiki: published and public unless the wiki's defaults say otherwise. */
export const enPage = (path: string, title: string, description: string, content: string) => ({
  path,
  title,
  description,
  content,
  locale: "en",
});
