import type { VoteRecord } from "../../state/feedback-log.js";
import type { GapRecord } from "../../state/gap-log.js";
import { type PageVotes, pageVotes } from "./page-votes.js";
import { groupUnanswered, type QuestionGroup } from "./question-groups.js";
import { redactQuestion } from "./redact.js";

/**
 * What one agent's wiki left unanswered over the last `days`: what the editors' wiki page and
 * chat digest show. Questions only, personal data redacted (redact.ts); never who asked.
 */
export interface UnansweredSummary {
  agent: string;
  days: number;
  /** Questions nothing in the wiki matched, grouped by similar wording, most asked first. */
  nothing: QuestionGroup[];
  /** Questions that found only a weak match (pages offered as choices), grouped the same way. */
  weak: QuestionGroup[];
  /** Pages readers voted down with their reactions, most votes down first. */
  votedDown: PageVotes[];
}

/** Most rows of each list (the page; the digest shows fewer). */
export const SUMMARY_LIMIT = 50;

/**
 * The summary of the gap and feedback logs for `agent` over the `days` before `now`: each
 * question redacted before it is grouped (two questions told apart only by a phone number are
 * one). Pure: the same records and `now`'s window give the same summary.
 */
export function summariseUnanswered(input: {
  gaps: readonly GapRecord[];
  votes: readonly VoteRecord[];
  agent: string;
  days: number;
  now: number;
}): UnansweredSummary {
  const from = new Date(input.now - input.days * 86_400_000).toISOString();
  const inWindow = <R extends { at: string; agent: string }>(r: R) => r.agent === input.agent && r.at >= from;
  const gaps = input.gaps.filter(inWindow).map((r) => ({ ...r, question: redactQuestion(r.question) }));
  const grouped = (kind: GapRecord["kind"]) =>
    groupUnanswered(gaps.filter((r) => r.kind === kind))
      .slice(0, SUMMARY_LIMIT)
      .map(({ agents: _agents, ...group }) => ({ ...group, agents: [input.agent] }));
  return {
    agent: input.agent,
    days: input.days,
    nothing: grouped("nothing"),
    weak: grouped("choices"),
    votedDown: pageVotes(input.votes.filter(inWindow), SUMMARY_LIMIT).negative,
  };
}

/** Whether there is anything to tell the editors. */
export function isEmptySummary(summary: UnansweredSummary): boolean {
  return summary.nothing.length + summary.weak.length + summary.votedDown.length === 0;
}
