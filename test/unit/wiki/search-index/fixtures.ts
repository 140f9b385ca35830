import { readdirSync, readlinkSync } from "node:fs";
import type { SearchIndex } from "../../../../src/wiki/search-index/index.js";

/** Questions the handbook answers, with and without accents. */
export const QUESTIONS = ["undo the last git commit", "vacation days", "who is on call", "café menu"];

/** What a search shows: pages, scores and the passages' text. */
export const shown = (index: SearchIndex, q: string) =>
  index.search(q).map((r) => [r.page.path, r.score, r.passages.map((p) => [p.heading, p.markdown])]);

/** What every one of QUESTIONS shows. */
export const answers = (index: SearchIndex) => QUESTIONS.map((q) => shown(index, q));

/** The files under `dir` this process holds open (a replaced one ends in " (deleted)"), sorted. */
export function openFilesUnder(dir: string): string[] {
  const open: string[] = [];
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(dir)) open.push(target);
    } catch {
      // The descriptor readdir itself used, closed since.
    }
  }
  return open.sort();
}
