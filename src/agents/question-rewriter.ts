import type { Logger } from "../log/logger.js";
import type { ModelClient } from "../models/model-client.js";
import { isModelError, type ModelErrorCode } from "../models/model-error.js";
import type { Earlier } from "../core/conversation.js";
import { conversationRewriteMessages } from "../models/conversation-prompts.js";
import { searchWordsOf } from "../models/rewrite-reply.js";
import type { AgentSettings } from "./agent-settings.js";

/** Finds a model client by its name in `models` (or MODEL_URL's). */
export type ModelLookup = (name: string) => ModelClient | undefined;

/** The model's search words for a question, or why there are none (the answer is then the floor). */
export type Rewrite = { words: string } | { fallback: ModelErrorCode | "no-model" };

export interface QuestionRewriter {
  /** `earlier`: the turns before the question in its conversation; the rewrite is then standalone. */
  rewrite(
    question: string,
    agent: AgentSettings,
    account: string,
    signal?: AbortSignal,
    earlier?: Earlier,
  ): Promise<Rewrite>;
}

/** Rewrites kept, by agent, model, normalised question and the earlier turns the prompt shows. */
const CACHE_ENTRIES = 2000;

const normalise = (question: string) => question.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Asks the agent's model for one line of search words (modelUse "rewrite" and "answer"). Never
 * throws: every model failure is a `fallback` with its code, logged once here at warn, never with
 * the question or the reply (those are logged, redacted, only under MODEL_LOG_PROMPTS, by the
 * model client). A reply without search words is counted as discarded (`model-unusable-reply`).
 */
export function createQuestionRewriter(deps: { models: ModelLookup; logger?: Logger }): QuestionRewriter {
  const cache = new Map<string, string>();
  return {
    async rewrite(question, agent, account, signal, earlier = []) {
      const client = agent.model === undefined ? undefined : deps.models(agent.model);
      if (!client || agent.modelUse === "off") return { fallback: "no-model" };
      const messages = conversationRewriteMessages(question, agent.locale, earlier);
      const key = `${agent.id}\u0000${client.name}\u0000${agent.locale}\u0000${normalise(question)}${earlierKey(messages, earlier)}`;
      const cached = cache.get(key);
      if (cached !== undefined) return { words: cached };
      try {
        const reply = await client.complete({
          purpose: "rewrite",
          agent: agent.id,
          account,
          messages,
          maxTokens: 120,
          ...(signal ? { signal } : {}),
        });
        const words = searchWordsOf(reply.text);
        if (words === "") {
          client.discard({ purpose: "rewrite", agent: agent.id, account }, "model-unusable-reply");
          return { fallback: "model-unusable-reply" };
        }
        if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, words);
        return { words };
      } catch (error) {
        if (!isModelError(error)) throw error;
        deps.logger?.warn(
          { agent: agent.id, model: client.name, code: error.code, remedy: error.remedy },
          error.message,
        );
        return { fallback: error.code };
      }
    },
  };
}

/** The part of the cache key that tells a conversation's rewrite from the message's alone. */
const earlierKey = (messages: readonly { content: string }[], earlier: Earlier) =>
  earlier.length === 0 ? "" : `\u0000${messages.map((m) => m.content).join("\u0000")}`;
