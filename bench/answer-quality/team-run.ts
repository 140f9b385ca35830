import { resolveAgentSettings } from "../../src/agents/agent-settings.js";
import type { Answerer } from "../../src/agents/answer.js";
import { createAnswerer } from "../../src/agents/answer.js";
import { createSearchIndex } from "../../src/wiki/search-index/index.js";
import { readHandbookPages } from "../../packages/sandbox/src/handbook.js";
import { createMemoryWiki } from "../../packages/sandbox/src/memory-wiki.js";
import { readTldrPages, tldrRoot } from "../../packages/sandbox/src/tldr-corpus.js";
import type { QualityQuestion } from "./questions.js";
import { checkTeamSplit, TEAM_DEV, TEAM_SPLIT_SEED, TEAM_TEST } from "./team-questions.js";

/** The demo's main bot: the whole wiki (handbook and tldr), no section. */
const teamAgent = resolveAgentSettings("team", undefined, "https://wiki.example.com");

interface TeamDetail {
  question: string;
  rank: number;
  got: string[];
  found: boolean;
  confidence: string;
}

/**
 * Team questions asked of the handbook+tldr wiki (team-questions.ts): the answers' ranks, per
 * split part. `rankOf` and `setQuality` come from run.ts so both benches count alike.
 */
export async function teamQuality(
  rankOf: (q: QualityQuestion, paths: string[]) => number,
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
    dev: await ranks(answerer, TEAM_DEV, rankOf),
    test: await ranks(answerer, TEAM_TEST, rankOf),
    pages: index.stats().pages,
  };
}

async function ranks(
  answerer: Answerer,
  questions: readonly QualityQuestion[],
  rankOf: (q: QualityQuestion, paths: string[]) => number,
): Promise<TeamDetail[]> {
  const details = [];
  for (const q of questions) {
    const answer = await answerer.answer(q.question, teamAgent);
    const paths = (answer.choices ?? answer.sources).map((s) => s.path);
    details.push({
      question: q.question,
      rank: rankOf(q, paths),
      got: paths,
      found: answer.found,
      confidence: answer.confidence,
    });
  }
  return details;
}
