import { resolveAgentSettings } from "../../src/agents/agent-settings.js";
import { createAnswerer } from "../../src/agents/answer.js";
import { createSearchIndex } from "../../src/wiki/search-index/index.js";
import { readHandbookPages } from "../../packages/sandbox/src/handbook.js";
import { createMemoryWiki } from "../../packages/sandbox/src/memory-wiki.js";
import { readTldrPages, tldrRoot } from "../../packages/sandbox/src/tldr-corpus.js";
import type { answerRanks } from "./run.js";
import { checkTeamSplit, TEAM_DEV, TEAM_SPLIT_SEED, TEAM_TEST } from "./team-questions.js";

/** The demo's main bot: the whole wiki (handbook and tldr), no section. */
const teamAgent = resolveAgentSettings("team", undefined, "https://wiki.example.com");

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
  const handbook = await readHandbookPages({ edgeCases: false });
  const tldr = await readTldrPages(tldrRoot());
  const wiki = createMemoryWiki([...handbook.map(({ file: _file, ...page }) => page), ...tldr]);
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
