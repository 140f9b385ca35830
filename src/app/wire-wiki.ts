import { releaseYoungGeneration } from "./young-generation.js";
import { createAnswerer } from "../agents/answer.js";
import { createGrounder } from "../agents/grounded-answer.js";
import { createQuestionRewriter } from "../agents/question-rewriter.js";
import { createInlineSearch, type InlineSearch } from "../agents/inline-results.js";
import { createWikiAgent, type WikiAgent } from "../agents/wiki-agent.js";
import type { Settings } from "../config/settings.js";
import type { Metrics } from "../http/metrics.js";
import type { Logger } from "../log/logger.js";
import { type GenerationalIndex, withGeneration } from "../pipeline/answer-cache.js";
import { type AnswerStep, createAnswerStep, createReplyCache } from "../pipeline/answer-step.js";
import { createWikiWatch, type WikiWatch } from "../pipeline/wiki-watch.js";
import { wikiClientFromSettings } from "../wiki/client/client-from-settings.js";
import { createSearchIndex } from "../wiki/search-index/index.js";
import type { WikiPort } from "../wiki/types.js";
import type { ModelsInForce } from "./wire-models.js";

export interface WikiParts {
  /** The wiki's GraphQL client (the editors' page is written through it). */
  wiki: WikiPort;
  index: GenerationalIndex;
  wikiWatch: WikiWatch;
  answer: AnswerStep;
  agent: WikiAgent;
  /** Inline results from the same index (never the wiki). */
  inlineSearch: InlineSearch;
}

/** The wiki side: the GraphQL client, the local index and its watch, and the answering agent. */
export function wireWiki(
  settings: Settings,
  logger: Logger,
  metrics: Metrics,
  indexFile: string,
  models?: ModelsInForce,
): WikiParts {
  // The stop ends the wiki's requests in flight (an index refresh retrying a wiki that hangs).
  const stopping = new AbortController();
  const wiki = wikiClientFromSettings(settings, {
    stopSignal: stopping.signal,
    logger: logger.child({ component: "wiki" }),
    onRequest: (operation) => metrics.wikiRequests.inc({ operation }),
    onError: (code) => metrics.wikiErrors.inc({ code }),
  });
  const index = withGeneration(createSearchIndex({ logger: logger.child({ component: "index" }) }));
  const watch = createWikiWatch({
    wiki,
    index,
    indexFile,
    refreshSeconds: settings.indexRefreshSeconds,
    logger: logger.child({ component: "wiki" }),
    onIndexSize: (pages) => metrics.indexPages.set(pages),
    onRefreshed: () => metrics.indexRefreshed.setToCurrentTime(),
    onSaveError: () => metrics.stateWriteErrors.inc({ file: "index" }),
    // A full build is real work, like answering: the young generation may grow for it.
    onColdStart: releaseYoungGeneration,
  });
  const wikiWatch: WikiWatch = {
    ...watch,
    stop() {
      const stopped = watch.stop();
      stopping.abort();
      return stopped;
    },
  };
  const modelLogger = logger.child({ component: "model" });
  const withModels = models
    ? {
        rewriter: createQuestionRewriter({ models: models.get, logger: modelLogger }),
        grounder: createGrounder({ models: models.get, logger: modelLogger }),
      }
    : {};
  const answerer = createAnswerer({ index, wiki, logger, ...withModels });
  const agent = createWikiAgent({ answerer, index, wiki, logger });
  const cache = createReplyCache(settings.answerCacheBytes);
  metrics.trackCache("answers", () => cache.stats());
  const inlineSearch = createInlineSearch({ index });
  return { wiki, index, wikiWatch, agent, inlineSearch, answer: createAnswerStep({ agent, index, cache }) };
}
