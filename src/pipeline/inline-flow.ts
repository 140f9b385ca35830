import type { InlineSearch } from "../agents/inline-results.js";
import type { InlineAnswer, InlineHandler, InlineQuery } from "../core/inline-query.js";
import type { DenyReason } from "../policy/decision.js";
import { evaluateInline, type InlineDecision } from "../policy/evaluate-inline.js";
import type { GapLog } from "../state/gap-log.js";
import { type Texts, textsFor } from "../i18n/index.js";
import type { RuntimeConfig } from "./runtime-config.js";

type Labels = Partial<Record<string, string | number>>;

/** Seconds Telegram may cache an answer: short, so an approval or a removal applies at once. */
export const INLINE_CACHE_SECONDS = 5;
/** The deep-link parameter of the "Ask for access" button: the DM opens with `/start access`. */
export const INLINE_ACCESS_START = "access";

/** The "Ask for access" button, in the asker's language. */
export function inlineAccessButton(texts: Texts): { text: string; startParameter: string } {
  return { text: texts.t("inline.askAccess"), startParameter: INLINE_ACCESS_START };
}

export interface InlineMetrics {
  decisions: { inc(labels: Labels): void };
  /** Inline queries answered, by outcome: results, empty (nothing matched), denied. */
  inlineQueries: { inc(labels: Labels): void };
  /** Inline results users picked, by account and agent. */
  inlineChosen: { inc(labels: Labels): void };
}

export interface InlineFlowDeps {
  /** The configuration in force; undefined before gateway.json was first loaded (nothing is let in). */
  runtime: () => RuntimeConfig | undefined;
  isApproved: (account: string, userId: string) => boolean;
  search: InlineSearch;
  recordDenial: (query: InlineQuery, reason: DenyReason) => void;
  gaps: Pick<GapLog, "append">;
  metrics: InlineMetrics;
}

/**
 * Inline mode: policy decision (evaluateInline) → results from the bound agent's local index →
 * answerInlineQuery; and the results users pick. Contract: every query is answered once, quickly
 * (the index only, never the wiki), personal and cached 5 s; a denied sender gets no results (with
 * the "Ask for access" button where the DM can lead somewhere). A chosen result is counted and
 * recorded in the gap log with its words and page (never the user). Never rejects.
 */
export function createInlineFlow(deps: InlineFlowDeps): InlineHandler {
  const { metrics } = deps;
  const nothing = (button?: InlineAnswer["button"]): InlineAnswer => ({
    results: [],
    cacheTime: INLINE_CACHE_SECONDS,
    isPersonal: true,
    ...(button ? { button } : {}),
  });

  return {
    async query(query, reply, log) {
      const runtime = deps.runtime();
      const policy = runtime?.policies.get(query.account);
      const bound = runtime?.agents.get(query.account);
      const texts = textsFor(query.languageCode, bound?.language);
      const decision: InlineDecision = policy
        ? evaluateInline(query, policy, { isApproved: deps.isApproved })
        : { allow: false, reason: "account-disabled", askAccess: false };
      metrics.decisions.inc({
        account: query.account,
        outcome: decision.allow ? "allow" : "deny",
        reason: decision.allow ? decision.via : decision.reason,
      });
      if (!decision.allow) {
        deps.recordDenial(query, decision.reason);
        metrics.inlineQueries.inc({ account: query.account, outcome: "denied" });
        return reply.answer(nothing(decision.askAccess ? inlineAccessButton(texts) : undefined));
      }
      const agent = bound;
      if (!agent) {
        log.error(
          { code: "no-binding", remedy: `add a binding for account ${query.account} to gateway.json` },
          "no agent is bound to this account",
        );
        return reply.answer(nothing());
      }
      const found = deps.search.results(query.query, agent, texts, query.languageCode);
      // Rich results only where the account sends rich messages (read at each query: hot reload applies).
      const rich = runtime?.config.accounts[query.account]?.richMessages === "auto";
      const results = rich ? found : found.map(({ rich: _rich, ...html }) => html);
      await reply.answer({ results, cacheTime: INLINE_CACHE_SECONDS, isPersonal: true });
      metrics.inlineQueries.inc({
        account: query.account,
        agent: agent.id,
        outcome: results.length > 0 ? "results" : "empty",
      });
    },
    async chosen(chosen, log) {
      const agent = deps.runtime()?.agents.get(chosen.account);
      if (!agent) {
        log.info({ resultId: chosen.resultId }, "inline result chosen on an account without an agent");
        return;
      }
      const page = deps.search.pageOf(chosen.resultId);
      metrics.inlineChosen.inc({ account: chosen.account, agent: agent.id });
      deps.gaps.append({
        agent: agent.id,
        kind: "inline",
        question: chosen.query,
        ...(page ? { page } : {}),
      });
      log.info({ resultId: chosen.resultId, page: page?.path }, "inline result chosen");
    },
  };
}
