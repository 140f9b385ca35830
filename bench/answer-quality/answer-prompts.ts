import type { AgentSettings } from "../../src/agents/agent-settings.js";
import { createAnswerer } from "../../src/agents/answer.js";
import { createGrounder } from "../../src/agents/grounded-answer.js";
import { createQuestionRewriter } from "../../src/agents/question-rewriter.js";
import type { ChatMessage } from "../../src/models/chat-types.js";
import type { ModelClient } from "../../src/models/model-client.js";
import { ModelError } from "../../src/models/model-error.js";
import { createSearchIndex } from "../../src/wiki/search-index/index.js";
import type { ReplayFixture } from "../../packages/sandbox/src/model/index.js";
import { loadTldrPages, type MemoryWiki } from "../../packages/sandbox/src/memory-wiki.js";
import { BENCH_LOCALE, benchAgent, type BenchQuestion } from "./model-sets.js";
import { startReplay } from "./replay-model.js";

/** The answer agent of the bench: the English tldr wiki, answering with the replayed model. */
export const answerAgent = (agent: AgentSettings = benchAgent): AgentSettings => ({
  ...agent,
  model: "replay",
  modelUse: "answer",
});

/**
 * A client that passes rewrites to `client` and keeps each grounded-answer prompt instead of
 * sending it, failing the call as a model would (so the answer is the floor and nothing is invented).
 */
function capturingAnswers(
  client: ModelClient,
  kept: (messages: readonly ChatMessage[]) => void,
): ModelClient {
  return {
    ...client,
    name: client.name,
    model: client.model,
    async complete(call) {
      if (call.purpose !== "answer") return client.complete(call);
      kept(call.messages);
      throw new ModelError("model-refused", "answer prompt kept for recording, not sent");
    },
  };
}

/**
 * The grounded-answer prompts the product sends for `questions` asked of `wiki` by `agent` (by
 * default the English tldr wiki and the bench's agent): each question goes through createAnswerer with modelUse "answer", its rewrite replayed from
 * `fixture` exactly as the product would get it, and the prompt the grounder builds is kept. A
 * question the ranking finds nothing for sends no answer prompt (the product answers "not found").
 */
export async function answerPrompts(
  questions: readonly BenchQuestion[],
  fixture: ReplayFixture,
  asked: { wiki?: MemoryWiki; agent?: AgentSettings } = {},
): Promise<Array<{ question: BenchQuestion; messages: readonly ChatMessage[] }>> {
  const pages = asked.wiki ?? (await loadTldrPages());
  const index = createSearchIndex();
  await index.build(pages, { concurrency: 8 });
  const replay = await startReplay(fixture);
  try {
    let last: readonly ChatMessage[] | undefined;
    const client = capturingAnswers(replay.client, (messages) => (last = messages));
    const models = () => client;
    const answerer = createAnswerer({
      index,
      wiki: pages,
      rewriter: createQuestionRewriter({ models }),
      grounder: createGrounder({ models }),
    });
    const agent = answerAgent(asked.agent);
    const out = [];
    for (const question of questions) {
      if (question.locale !== BENCH_LOCALE) continue;
      last = undefined;
      await answerer.answer(question.question, agent, { account: "bench" });
      const messages = last as readonly ChatMessage[] | undefined;
      if (messages) out.push({ question, messages });
    }
    return out;
  } finally {
    await replay.close();
  }
}
