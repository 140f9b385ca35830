import type { AgentSettings } from "../agents/agent-settings.js";
import type { PageRef } from "../agents/answer.js";
import type { WikiAgent } from "../agents/wiki-agent.js";
import type { InboundMessage } from "../core/inbound-message.js";
import type { RichAlternative } from "../core/replier.js";
import { type AnswerCache, createAnswerCache, questionKey } from "./answer-cache.js";

/** What the answer step hands back to the pipeline: the chunks to send and, for metrics, their kind. */
export interface AnswerOutcome {
  chunks: string[];
  kind: string;
  /** With kind "choices": the closest pages, offered as buttons. */
  choices?: PageRef[];
  /** With kind "answer": the page that answered. */
  page?: PageRef;
  /** With kind "answer": the same reply as a rich message (SendOptions.rich). */
  rich?: RichAlternative;
}

/** The answer cache with the size of an outcome counted as its chunks' text (UTF-16). */
export function createOutcomeCache(maxBytes?: number): AnswerCache<AnswerOutcome> {
  return createAnswerCache<AnswerOutcome>({
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    sizeOf: (out) => out.chunks.reduce((sum, chunk) => sum + chunk.length * 2 + 32, out.kind.length * 2),
  });
}

export type AnswerStep = (msg: InboundMessage, agent: AgentSettings) => Promise<AnswerOutcome>;

/**
 * The answer step: the bound agent's reply, with repeated questions served from the cache.
 * Contract: only plain questions (no command) are cached, only once the index is ready, keyed by
 * agent, index generation and normalised question; an error reply is never kept and empties the
 * cache, so a wiki failure is not served again after the wiki recovers.
 */
export function createAnswerStep(deps: {
  agent: Pick<WikiAgent, "handle">;
  index: { readonly ready: boolean; generation(): number };
  cache?: AnswerCache<AnswerOutcome>;
}): AnswerStep {
  const cache = deps.cache ?? createOutcomeCache();
  return async (msg, settings) => {
    const handle = async (): Promise<AnswerOutcome> => {
      const reply = await deps.agent.handle(msg, settings);
      return {
        chunks: reply.chunks,
        kind: reply.kind,
        ...(reply.choices ? { choices: reply.choices } : {}),
        ...(reply.page ? { page: reply.page } : {}),
        ...(reply.rich ? { rich: reply.rich } : {}),
      };
    };
    if (msg.command !== undefined || !deps.index.ready) return handle();
    const key = questionKey(settings.id, deps.index.generation(), msg.args);
    const out = await cache.get(key, handle);
    if (out.kind === "error") cache.clear();
    return out;
  };
}
