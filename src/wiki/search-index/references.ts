import { trimSlashes } from "../../core/wiki-path.js";
import { titleKey } from "./page-directory.js";

/**
 * How often other pages refer to a page: a static, query-independent sign of how central a page
 * is (like incoming links). A page refers to another by a Markdown link to its path, or by naming
 * its title as the command of a code span or code line ("See also: `chown`", "`ps aux | grep x`").
 *
 * Contract: `add`/`remove` with each indexed page's `referenceKeys` keep, for every key, the number
 * of indexed pages that mention it. A page's own mentions of itself are subtracted by the caller
 * (`selfReferences`), so the counter needs no per-page state and loads as one table.
 */
export class ReferenceCounter {
  private readonly counts: Map<string, number>;

  constructor(entries: Iterable<[string, number]> = []) {
    this.counts = new Map(entries);
  }

  add(keys: Iterable<string>): void {
    for (const key of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  remove(keys: Iterable<string>): void {
    for (const key of keys) {
      const n = (this.counts.get(key) ?? 1) - 1;
      if (n > 0) this.counts.set(key, n);
      else this.counts.delete(key);
    }
  }

  /** Pages mentioning any of these keys (a page mentioning two of them counts twice). */
  count(keys: readonly string[]): number {
    let total = 0;
    for (const key of keys) total += this.counts.get(key) ?? 0;
    return total;
  }

  entries(): IterableIterator<[string, number]> {
    return this.counts.entries();
  }
}

/** How many of a page's own keys its own Markdown mentions (subtracted from its count). */
export function selfReferences(
  page: { title: string; path: string },
  mentioned: ReadonlySet<string>,
): number {
  return keysFor(page).filter((k) => mentioned.has(k)).length;
}

/** The keys other pages use to refer to a page: its title (as a command) and its path. */
export function keysFor(page: { title: string; path: string }): string[] {
  const title = titleKey(page.title);
  return title === "" ? [pathKey(page.path)] : [title, pathKey(page.path)];
}

const pathKey = (path: string) => `path:${trimSlashes(path).toLowerCase()}`;

const CODE = /```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g;
const LINK = /\]\(\s*([^)\s]+)/g;
const SEGMENT_SPLIT = /\|\||&&|[|;]|\$\(/;

/**
 * The keys a page's Markdown refers to: commands (one and two words) of its code, and its link
 * targets. A page does not vote for its own family: "git commit" does not count as a reference to
 * "git", or every subcommand page would lift its umbrella page.
 */
export function referenceKeys(markdown: string, ownTitle = ""): Set<string> {
  const keys = new Set<string>();
  const own = titleKey(ownTitle);
  const add = (key: string) => {
    if (own !== "" && (own === key || own.startsWith(`${key} `) || own.startsWith(`${key}-`))) return;
    keys.add(key);
  };
  for (const match of markdown.matchAll(CODE)) {
    const code = match[1] ?? match[2] ?? "";
    for (const line of code.split("\n")) {
      for (const segment of line.split(SEGMENT_SPLIT)) {
        const words = segment
          .replace(/\{\{[^}]*\}\}/g, " ")
          .trim()
          .toLowerCase()
          .split(/\s+/)
          .filter((w) => w !== "" && w !== "sudo" && w !== "$");
        if (words[0] && /^[a-z0-9][\w.+-]*$/.test(words[0])) {
          add(words[0]);
          if (words[1] && /^[a-z][\w-]*$/.test(words[1])) add(`${words[0]} ${words[1]}`);
        }
      }
    }
  }
  for (const match of markdown.matchAll(LINK)) {
    const target = match[1]!;
    if (/^[a-z]+:/i.test(target) || target.startsWith("#")) continue;
    const path = target
      .split(/[?#]/)[0]!
      .replace(/^\/+/, "")
      .replace(/^[a-z]{2}(-[a-z]{2})?\//i, "");
    if (path) add(pathKey(path));
  }
  return keys;
}
