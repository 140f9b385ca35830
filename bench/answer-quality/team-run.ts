import { resolveAgentSettings } from "../../src/agents/agent-settings.js";
import { createAnswerer } from "../../src/agents/answer.js";
import { createSearchIndex } from "../../src/wiki/search-index/index.js";
import type { answerRanks } from "./run.js";
import { teamWiki } from "./team-wiki.js";
import { checkTeamSplit, TEAM_DEV, TEAM_SPLIT_SEED, TEAM_TEST } from "./team-questions.js";

/** The demo's main bot: the whole wiki (handbook and tldr), no section. */
export const teamAgent = resolveAgentSettings("team", undefined, "https://wiki.example.com");

type AnswerRanks = typeof answerRanks;
type TeamDetail = Awaited<ReturnType<AnswerRanks>>[number];

/**
 * Team questions asked of the handbook+tldr wiki (team-questions.ts): the answers' ranks, per
 * split part. `answerRanks` and `setQuality` come from run.ts so both benches count alike.
 */
export async function teamQuality(
  answerRanks: AnswerRanks,
): Promise<{ seed: number; dev: TeamDetail[]; test: TeamDetail[]; pages: number }> {
  checkTeamSplit();
  const wiki = await teamWiki();
  const index = createSearchIndex();
  await index.build(wiki, { concurrency: 8 });
  const answerer = createAnswerer({ index, wiki });
  return {
    seed: TEAM_SPLIT_SEED,
    dev: await answerRanks(answerer, TEAM_DEV, teamAgent),
    test: await answerRanks(answerer, TEAM_TEST, teamAgent),
    pages: index.stats().pages,
  };
}
