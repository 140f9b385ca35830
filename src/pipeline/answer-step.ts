import type { AgentSettings } from "../agents/agent-settings.js";
import type { AnswerSink } from "../agents/streamed-reply.js";
import type { WikiAgent } from "../agents/wiki-agent.js";
import { type Earlier, searchedText } from "../core/conversation.js";
import type { InboundMessage } from "../core/inbound-message.js";
import type { Reply } from "../core/reply.js";
import { watchModelFailures } from "../models/failure-watch.js";
import { CIRCUIT } from "../models/model-settings.js";
import { type AnswerCache, createAnswerCache, questionKey } from "./answer-cache.js";

/** The answer cache with the size of a reply counted as its chunks' text (UTF-16). */
export function createReplyCache(maxBytes?: number): AnswerCache<Reply> {
  return createAnswerCache<Reply>({
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    // A rich alternative counts as its JSON text (a close enough measure of its strings).
    sizeOf: (out) =>
      out.chunks.reduce((sum, chunk) => sum + chunk.length * 2 + 32, out.kind.length * 2) +
      (out.kind === "answer" && out.rich ? JSON.stringify(out.rich).length * 2 : 0),
  });
}

/**
 * How long an answer made without the model because the model failed is kept: as long as a
 * failing model's circuit stays open (no call is tried meanwhile), so a repeat of the question
 * after that asks the model again, and a burst of repeats while it is down costs one ranking.
 */
export const MODEL_FAILED_TTL_MS = CIRCUIT.cooldownMs;

/**
 * The bound agent's reply to a message the policy let in, as the agent made it; `stream`: where a
 * model's answer is shown while it is written; `earlier`: the turns of its conversation before it.
 */
export type AnswerStep = (
  msg: InboundMessage,
  agent: AgentSettings,
  stream?: AnswerSink,
  earlier?: Earlier,
) => Promise<Reply>;

/**
 * The answer step: the bound agent's reply, with repeated questions served from the cache.
 * Contract: only plain questions (no command) are cached, only once the index is ready, keyed by
 * agent, asker's language, index generation and normalised question (with what the earlier turns
 * of its conversation searched and answered with, when there are any); an error reply is never
 * kept and empties the cache, so a wiki failure is not served again after the wiki recovers; an
 * answer its asker stopped mid-stream is not kept either; an answer made while a model call
 * failed (a timeout, a server down, a stream cut short) is kept only MODEL_FAILED_TTL_MS, so the
 * model answers again once it recovered. An answer without the model because the agent's
 * modelUse is off is kept as long as any.
 */
export function createAnswerStep(deps: {
  agent: Pick<WikiAgent, "handle">;
  index: { readonly ready: boolean; generation(): number };
  cache?: AnswerCache<Reply>;
}): AnswerStep {
  const cache = deps.cache ?? createReplyCache();
  return async (msg, settings, stream, earlier = []) => {
    const handle = () => deps.agent.handle(msg, settings, stream, earlier);
    if (msg.command !== undefined || !deps.index.ready) return handle();
    const asked = `${msg.args}${earlier.map((turn) => `\u0001${searchedText(turn)}\u0002${turn.pages.map((p) => p.path).join(" ")}`).join("")}`;
    const key = questionKey(settings.id, deps.index.generation(), asked, msg.languageCode);
    let modelFailed = false;
    const out = await cache.get(key, async () => {
      const made = await watchModelFailures(handle);
      modelFailed = made.modelFailed;
      return made.value;
    });
    if (out.kind === "error") cache.clear();
    // An answer its asker stopped is theirs alone: the next asker gets the whole answer.
    else if (stream?.stopped.aborted) cache.forget(key);
    else if (modelFailed) cache.keepFor(key, MODEL_FAILED_TTL_MS);
    return out;
  };
}
