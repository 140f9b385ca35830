import type { VoteRecord } from "../../state/feedback-log.js";

/** The votes a page got from reactions (cast minus withdrawn), per sign. */
export interface PageVotes {
  path: string;
  title: string;
  positive: number;
  negative: number;
  agents: string[];
}

/**
 * Sums the feedback log per page: each record adds its delta to its sign. Returns the pages with
 * the most negative votes (most first, then fewer positive ones) and those with the most positive
 * ones (most first, then fewer negative ones); a page appears in a list only with a vote of that
 * sign, and ties go by path. Pure.
 */
export function pageVotes(
  records: readonly VoteRecord[],
  limit: number,
): { negative: PageVotes[]; positive: PageVotes[] } {
  const pages = new Map<string, PageVotes & { agentSet: Set<string> }>();
  for (const record of records) {
    const page = pages.get(record.page.path) ?? {
      path: record.page.path,
      title: record.page.title,
      positive: 0,
      negative: 0,
      agents: [],
      agentSet: new Set<string>(),
    };
    page.title = record.page.title;
    page[record.sign] += record.delta;
    page.agentSet.add(record.agent);
    pages.set(record.page.path, page);
  }
  const all = [...pages.values()].map(({ agentSet, ...page }) => ({
    ...page,
    positive: Math.max(0, page.positive),
    negative: Math.max(0, page.negative),
    agents: [...agentSet].sort(),
  }));
  const negative = all
    .filter((p) => p.negative > 0)
    .sort((a, b) => b.negative - a.negative || a.positive - b.positive || a.path.localeCompare(b.path));
  const positive = all
    .filter((p) => p.positive > 0)
    .sort((a, b) => b.positive - a.positive || a.negative - b.negative || a.path.localeCompare(b.path));
  return { negative: negative.slice(0, limit), positive: positive.slice(0, limit) };
}
