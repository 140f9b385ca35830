import type { GapRecord } from "../../state/gap-log.js";
import { queryTerms } from "../../wiki/search-index/index.js";

/** Two questions are near-duplicates from this token-set similarity (Jaccard of their terms) up. */
export const NEAR_DUPLICATE = 0.6;

/** Questions the wiki left unanswered that are the same question in other words. */
export interface QuestionGroup {
  /** The most asked wording (the earliest among equals). */
  question: string;
  count: number;
  nothing: number;
  choices: number;
  /** Other wordings, most asked first. */
  variants: string[];
  agents: string[];
  lastAsked: string;
}

/** A page picked from choices, with the questions that led there. */
export interface PagePick {
  path: string;
  title: string;
  taps: number;
  questions: string[];
}

/** Lower case, accents and punctuation dropped, spaces collapsed: "How do I…?" = "how do i". */
export function normaliseQuestion(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Jaccard similarity of two term sets (1 for two empty sets: nothing tells them apart). */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Groups the unanswered questions ("nothing" and "choices" records): the same normalised text is
 * one wording; wordings whose stemmed, stop-word-free term sets are at least NEAR_DUPLICATE alike
 * join the group of the most asked one. Groups come most asked first (then most recent). Pure.
 */
export function groupUnanswered(records: readonly GapRecord[]): QuestionGroup[] {
  const wordings = new Map<string, { text: string; records: GapRecord[] }>();
  for (const record of records) {
    if (record.kind !== "nothing" && record.kind !== "choices") continue;
    const key = normaliseQuestion(record.question);
    if (key === "") continue;
    const wording = wordings.get(key) ?? { text: record.question.trim(), records: [] };
    wording.records.push(record);
    wordings.set(key, wording);
  }
  const ordered = [...wordings.values()].sort((a, b) => b.records.length - a.records.length);
  const groups: Array<{ terms: Set<string>; members: typeof ordered }> = [];
  for (const wording of ordered) {
    const terms = new Set(queryTerms(wording.text));
    const home = groups.find((g) => similarity(g.terms, terms) >= NEAR_DUPLICATE);
    if (home) home.members.push(wording);
    else groups.push({ terms, members: [wording] });
  }
  return groups
    .map(({ members }) => {
      const all = members.flatMap((m) => m.records);
      return {
        question: members[0]!.text,
        count: all.length,
        nothing: all.filter((r) => r.kind === "nothing").length,
        choices: all.filter((r) => r.kind === "choices").length,
        variants: members.slice(1).map((m) => m.text),
        agents: [...new Set(all.map((r) => r.agent))].sort(),
        lastAsked: all
          .map((r) => r.at)
          .sort()
          .at(-1)!,
      };
    })
    .sort((a, b) => b.count - a.count || b.lastAsked.localeCompare(a.lastAsked));
}

/**
 * The pages people picked, most picked first, each with up to three questions (or inline words):
 * from choices under an answer (`tapped`, the default) or from inline results (`inline`). Pure.
 */
export function pagePicks(records: readonly GapRecord[], kind: "tapped" | "inline" = "tapped"): PagePick[] {
  const picks = new Map<string, PagePick & { asked: Map<string, number> }>();
  for (const record of records) {
    if (record.kind !== kind || !record.page) continue;
    const pick = picks.get(record.page.path) ?? { ...record.page, taps: 0, questions: [], asked: new Map() };
    pick.taps += 1;
    pick.title = record.page.title;
    pick.asked.set(record.question, (pick.asked.get(record.question) ?? 0) + 1);
    picks.set(record.page.path, pick);
  }
  return [...picks.values()]
    .map(({ asked, ...pick }) => ({
      ...pick,
      questions: [...asked.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([q]) => q),
    }))
    .sort((a, b) => b.taps - a.taps || a.path.localeCompare(b.path));
}
