import { Marked } from "marked";

const marked = new Marked({ async: false, gfm: true });

/** The page's HTML as Wiki.js's markdown renderer would roughly produce it (headings, lists, code). */
export function renderMarkdown(content: string): string {
  return marked.parse(content, { async: false });
}
