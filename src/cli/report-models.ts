import type { ModelUsageRecord } from "../state/model-usage-log.js";
import { renderTable } from "./table.js";

/** What one agent's calls through one account cost on one model, over the report's period. */
export interface ModelUse {
  model: string;
  agent: string;
  account: string;
  /** Calls sent (or refused at once: a spent budget, an open circuit, a full queue). */
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Answers given without the model, by code: each failed call and each discarded reply. */
  fallbacks: Record<string, number>;
  /** Seconds of audio transcribed (a speech server's use); absent for a model that heard none. */
  audioSeconds?: number;
}

/**
 * Sums the model usage log per model, agent and account: calls, tokens, seconds of audio
 * transcribed, and fallbacks by code (a call whose outcome is not "ok", and a reply the agent
 * discarded; for a speech server, a voice note not transcribed by its outcome). Most tokens first, then by
 * model, agent and account. Pure.
 */
export function modelUse(records: readonly ModelUsageRecord[]): ModelUse[] {
  const rows = new Map<string, ModelUse>();
  for (const r of records) {
    const key = JSON.stringify([r.model, r.agent, r.account]);
    const row = rows.get(key) ?? {
      model: r.model,
      agent: r.agent,
      account: r.account,
      calls: 0,
      promptTokens: 0,
      completionTokens: 0,
      fallbacks: {},
    };
    if (r.kind === "transcription") {
      row.calls += 1;
      row.audioSeconds = (row.audioSeconds ?? 0) + (r.seconds ?? 0);
    }
    if (r.kind === "call") {
      row.calls += 1;
      row.promptTokens += r.prompt;
      row.completionTokens += r.completion;
    }
    if (r.outcome !== "ok") row.fallbacks[r.outcome] = (row.fallbacks[r.outcome] ?? 0) + 1;
    rows.set(key, row);
  }
  const tokens = (u: ModelUse) => u.promptTokens + u.completionTokens;
  return [...rows.values()].sort(
    (a, b) =>
      tokens(b) - tokens(a) ||
      a.model.localeCompare(b.model) ||
      a.agent.localeCompare(b.agent) ||
      a.account.localeCompare(b.account),
  );
}

/** The model use as a table, fallbacks as "code ×n" most first. */
export function formatModelUse(uses: readonly ModelUse[]): string {
  const out = [
    "",
    "Model use (tokens per model, agent and account; seconds of audio heard; answers given without the model, by code):",
    "",
  ];
  if (uses.length === 0) out.push("none recorded");
  else {
    const fallbacks = (u: ModelUse) =>
      Object.entries(u.fallbacks)
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .map(([code, n]) => `${code} ×${n}`)
        .join(", ") || "none";
    // Seconds of audio get their column once a speech server was used.
    const audio = uses.some((u) => u.audioSeconds !== undefined);
    const rows = uses.map((u) => [
      u.model,
      u.agent,
      u.account,
      String(u.calls),
      String(u.promptTokens),
      String(u.completionTokens),
      ...(audio ? [String(Math.round(u.audioSeconds ?? 0))] : []),
      fallbacks(u),
    ]);
    const head = ["model", "agent", "account", "calls", "prompt", "completion"];
    out.push(renderTable([[...head, ...(audio ? ["audio s"] : []), "fallbacks"], ...rows]));
  }
  return `${out.join("\n")}\n`;
}
