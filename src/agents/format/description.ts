import { oneLine } from "./line-breaks.js";

/**
 * A page's description as shown under its title (answers, choices, inline results): on one line,
 * and "" when it only repeats the title (case, spacing and closing punctuation aside), as on wikis
 * whose editors left the description at the title: the title is then shown once.
 */
export function shownDescription(page: { title: string; description: string }): string {
  const description = oneLine(page.description);
  const bare = (text: string) =>
    oneLine(text)
      .replace(/[.!?:…]+$/, "")
      .toLowerCase();
  return bare(description) === bare(page.title) ? "" : description;
}
