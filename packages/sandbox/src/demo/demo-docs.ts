import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export interface SeedPage {
  path: string;
  title: string;
  description: string;
  content: string;
}

/**
 * The project's own documentation as wiki pages, so the demo bots answer questions about the
 * gateway itself: each `##` section of the README as its own page, and every Markdown file under
 * docs/.
 */
export async function projectDocsAsPages(root: string): Promise<SeedPage[]> {
  const pages: SeedPage[] = [];
  const readme = await readFile(join(root, "README.md"), "utf8").catch(() => "");
  // One page per `##` section rather than the whole README: a focused page makes a focused answer.
  for (const section of splitSections(readme)) pages.push(section);
  const docsDir = join(root, "docs");
  for (const file of await readdir(docsDir).catch(() => [] as string[])) {
    if (!file.endsWith(".md")) continue;
    const content = await readFile(join(docsDir, file), "utf8");
    const title = /^#\s+(.+)$/m.exec(content)?.[1]?.trim() ?? file.replace(/\.md$/, "");
    pages.push({
      path: `gateway/docs/${slug(file.replace(/\.md$/, ""))}`,
      title,
      description: title,
      content,
    });
  }
  return pages;
}

function splitSections(markdown: string): SeedPage[] {
  const out: SeedPage[] = [];
  const [intro = "", ...parts] = markdown.split(/^(?=## )/m);
  const name = /^#\s+(.+)$/m.exec(intro)?.[1]?.trim();
  const introBody = intro.replace(/^#\s+.+\n/m, "").trim();
  if (name && introBody !== "") {
    out.push({
      path: "gateway/overview",
      title: `What is ${name}?`,
      description: summaryOf(introBody),
      content: `# What is ${name}?\n\n${introBody}\n`,
    });
  }
  for (const part of parts) {
    const title = /^##\s+(.+)$/m.exec(part)?.[1]?.replace(/`/g, "").trim() ?? "Section";
    // Images (the README's screenshot) are files of the repository, not of the wiki: left out,
    // with the caption that follows one (a paragraph that is all emphasis), which speaks of it.
    const body = part
      .replace(/^##\s+.+\n/, "")
      .replace(/^!\[[^\]]*\]\([^)]*\)[ \t]*(?:\n[ \t]*\n_[^\n]+_[ \t]*)?$/gm, "")
      .trim();
    const description = summaryOf(body);
    out.push({ path: `gateway/${slug(title)}`, title, description, content: `# ${title}\n\n${body}\n` });
  }
  return out;
}

/**
 * A page description as Wiki.js editors write them: plain text of the first prose paragraph (not
 * a code block, table, list or heading), cut at a word before 200 characters.
 */
export function summaryOf(body: string): string {
  const prose = body
    .replace(/^```[\s\S]*?^```\s*$/gm, "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => p !== "" && !/^(```|\||#|[-*] |\d+\. |<)/.test(p));
  const plain = (prose ?? "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .replace(/(^|\s)_(\S(?:[^_]*\S)?)_(?=\W|$)/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= 200) return plain;
  const cut = plain.slice(0, 200);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 100))}…`;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "page"
  );
}
