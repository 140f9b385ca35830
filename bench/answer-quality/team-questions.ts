import { drawSplit } from "./people-questions.js";
import type { QualityQuestion } from "./questions.js";

/**
 * Questions about a team's own matters, asked of an agent whose wiki holds the team handbook
 * (packages/sandbox/fixtures/handbook, imported under `handbook/`) next to the whole tldr corpus:
 * the answer is a handbook page, and a tldr page sharing the question's words ("screen", "lock",
 * "keys") is wrong. Written as a newcomer types them, before any ranking change was measured on
 * them. `part` is the split drawn with TEAM_SPLIT_SEED by `drawSplit` (checked by the bench):
 * tune on dev only, report test.
 */
export interface TeamQuestion extends QualityQuestion {
  part: "dev" | "test";
}

export const TEAM_SPLIT_SEED = 20261126;

const h = (path: string) => `handbook/${path}`;
const q = (question: string, part: "dev" | "test", ...answers: string[]): TeamQuestion => ({
  question,
  answers: answers.map(h),
  part,
});

export const TEAM_QUESTIONS: TeamQuestion[] = [
  q("my screen is broken", "test", "people/equipment", "security/laptop-security"),
  q("How many vacation days do I get?", "test", "people/holidays"),
  q("how do I book a meeting room", "dev", "office/meeting-rooms"),
  q("What should I do with a phishing email?", "dev", "security/phishing"),
  q("I lost my laptop", "test", "security/laptop-security", "people/equipment"),
  q("my keyboard stopped working, can I get a new one", "dev", "people/equipment"),
  q("who gets paged at night", "test", "engineering/on-call", "engineering/monitoring"),
  q("how do I get my money back for a train ticket", "test", "people/expenses", "office/travel"),
  q("can I work from home", "test", "people/remote-work"),
  q("where is the office and when is it open", "test", "office/berlin"),
  q("I clicked a link in a weird mail", "test", "security/phishing"),
  q("how do I get access to production", "test", "security/access"),
  q("what password manager do we use", "dev", "security/passwords"),
  q("how long is parental leave", "test", "people/parental-leave"),
  q("I'm sick today, what do I do", "dev", "people/holidays"),
  q("when are performance reviews", "dev", "people/performance-reviews"),
  q("what happens in my first week", "dev", "people/onboarding"),
  q("how do I set up the services on my machine", "test", "engineering/local-setup"),
  q("a customer problem needs an engineer", "test", "support/escalation"),
  q("how should I write to a customer", "test", "support/customer-tone"),
  q("I found a security hole", "test", "security/vulnerability-disclosure"),
  q("per diem for a business trip", "test", "office/travel"),
  q("how do we roll back a bad deploy", "dev", "engineering/rollback"),
  q("who is on call for support on weekends", "test", "support/on-call"),
  q("lock screen rules for laptops", "dev", "security/laptop-security"),
  q("what does on-call pay", "test", "engineering/on-call"),
  q("how do I order a second monitor", "test", "people/equipment"),
  q("how do feature flags work here", "dev", "engineering/feature-flags"),
  q("where are the backups and how do I restore one", "test", "engineering/backups"),
  q("what's our git branching workflow", "test", "engineering/git-workflow"),
];

/** The recorded split must be the one the seed draws. */
export function checkTeamSplit(): void {
  const drawn = drawSplit(TEAM_QUESTIONS.length, TEAM_SPLIT_SEED);
  const moved = TEAM_QUESTIONS.filter((t, i) => t.part !== drawn[i]).map((t) => t.question);
  if (moved.length > 0)
    throw new Error(
      `team-questions.ts: the split differs from seed ${TEAM_SPLIT_SEED} for: ${moved.join("; ")}`,
    );
}

export const TEAM_DEV = TEAM_QUESTIONS.filter((t) => t.part === "dev");
export const TEAM_TEST = TEAM_QUESTIONS.filter((t) => t.part === "test");
