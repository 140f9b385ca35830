import { createCallLimiter } from "./call-limiter.js";
import type { ChatMessage } from "./chat-types.js";
import { authHeaders, type Fetch, postChat, type TokenUsage, transportError } from "./chat-request.js";
import { createCircuitBreaker } from "./circuit-breaker.js";
import { countsAgainstServer, isModelError, ModelError, statusError } from "./model-error.js";
import { type CallOwner, type CallPurpose, type ModelMeter, NO_METER } from "./model-meter.js";
import { CIRCUIT, type ModelSettings } from "./model-settings.js";
import { stripThink } from "./think.js";
import { createTokenBudget } from "./token-budget.js";

export interface ModelCall extends CallOwner {
  purpose: CallPurpose;
  messages: readonly ChatMessage[];
  /** Fewer output tokens than the model's maxOutputTokens (a rewrite needs one line). */
  maxTokens?: number;
  /** Cancels the call (a user's stop, shutdown): throws `model-cancelled`. */
  signal?: AbortSignal;
  /** Streams the reply: called with the text so far, thinking stripped. */
  onText?: (soFar: string) => void;
}

export interface ModelReply {
  /** The reply without thinking, trimmed; never empty. */
  text: string;
  usage: TokenUsage;
}

export interface ModelState {
  circuit: "closed" | "open" | "half-open";
  spentToday: number;
  active: number;
  waiting: number;
}

/** The small model interface agents depend on. Every failure is a ModelError. */
export interface ModelClient {
  readonly name: string;
  readonly model: string;
  complete(call: ModelCall): Promise<ModelReply>;
  /** The ids GET {baseUrl}/models lists. */
  listModels(signal?: AbortSignal): Promise<string[]>;
  state(): ModelState;
}

export interface ModelClientDeps {
  settings: ModelSettings;
  fetch?: Fetch;
  now?: () => number;
  meter?: ModelMeter;
}

/** Tokens of a text when the server counts none: about four characters a token. */
const estimate = (text: string) => Math.ceil(text.length / 4);

export function createModelClient(deps: ModelClientDeps): ModelClient {
  const { settings } = deps;
  const fetchFn = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  const meter = deps.meter ?? NO_METER;
  const breaker = createCircuitBreaker({ ...CIRCUIT, now });
  const budget = createTokenBudget({ daily: settings.dailyTokenBudget, now });
  const limiter = createCallLimiter(settings);
  let retryAt = 0;
  let firstListed: Promise<string> | undefined;

  /** The configured model id, or (when "") the first the server lists, asked once. */
  function modelId(signal: AbortSignal): Promise<string> {
    if (settings.model !== "") return Promise.resolve(settings.model);
    firstListed ??= listModels(signal).then((ids) => {
      if (ids[0] === undefined) throw new ModelError("model-not-found", "the model server lists no model");
      return ids[0];
    });
    firstListed.catch(() => (firstListed = undefined));
    return firstListed;
  }

  /** Refuses at once what would fail anyway: a 429's wait, a spent budget, an open circuit. */
  function admit(): void {
    if (now() < retryAt)
      throw new ModelError("model-rate-limited", "the model server asked to wait (Retry-After)", {
        retryAfterMs: retryAt - now(),
      });
    if (!budget.left())
      throw new ModelError("model-budget-spent", `model ${settings.name} spent its daily tokens`);
    if (!breaker.allow()) throw new ModelError("model-circuit-open", `model ${settings.name} is marked down`);
  }

  function named(error: unknown, timeout: AbortSignal): ModelError {
    if (isModelError(error)) return error;
    if (timeout.aborted)
      return new ModelError(
        "model-timeout",
        `model ${settings.name} gave no answer within ${settings.timeoutMs} ms`,
      );
    return new ModelError("model-cancelled", "the model call was cancelled", { cause: error });
  }

  function settle(call: ModelCall, started: number, outcome: string): void {
    meter.call({ model: settings.name, purpose: call.purpose, outcome }, (now() - started) / 1000);
  }

  async function complete(call: ModelCall): Promise<ModelReply> {
    const started = now();
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
    try {
      admit();
      const onText = call.onText;
      const result = await limiter.run(
        async () =>
          postChat(fetchFn, {
            baseUrl: settings.baseUrl,
            model: await modelId(signal),
            apiKey: settings.apiKey,
            messages: call.messages,
            maxTokens: Math.min(call.maxTokens ?? settings.maxOutputTokens, settings.maxOutputTokens),
            stream: onText !== undefined,
            ...(onText ? { onText: (soFar: string) => onText(stripThink(soFar)) } : {}),
            signal,
          }),
        signal,
      );
      const usage = result.usage ?? {
        prompt: estimate(call.messages.map((m) => m.content).join("\n")),
        completion: estimate(result.text),
      };
      count(call, usage);
      breaker.success();
      const text = stripThink(result.text);
      if (text === "")
        throw new ModelError("model-empty-reply", `model ${settings.name} gave an empty reply`);
      settle(call, started, "ok");
      return { text, usage };
    } catch (error) {
      const failure = named(error, timeout);
      if (failure.retryAfterMs !== undefined && failure.status === 429)
        retryAt = now() + failure.retryAfterMs;
      if (countsAgainstServer(failure.code)) breaker.failure();
      settle(call, started, failure.code);
      throw failure;
    }
  }

  function count(owner: CallOwner, usage: TokenUsage): void {
    budget.spend(usage.prompt + usage.completion);
    const labels = { model: settings.name, agent: owner.agent, account: owner.account };
    meter.tokens({ ...labels, kind: "prompt" }, usage.prompt);
    meter.tokens({ ...labels, kind: "completion" }, usage.completion);
  }

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const both = signal ? AbortSignal.any([timeout, signal]) : timeout;
    let response: Response;
    try {
      response = await fetchFn(`${settings.baseUrl}/models`, {
        headers: authHeaders(settings.apiKey),
        signal: both,
      });
    } catch (error) {
      throw both.aborted ? named(error, timeout) : transportError(error);
    }
    if (!response.ok) throw statusError(response.status, "");
    const body = (await response.json().catch(() => undefined)) as { data?: { id?: unknown }[] } | undefined;
    if (!Array.isArray(body?.data))
      throw new ModelError("model-malformed-reply", "GET /models did not answer an OpenAI model list");
    return body.data.map((m) => String(m.id));
  }

  return {
    name: settings.name,
    model: settings.model,
    complete,
    listModels,
    state: () => ({
      circuit: breaker.state(),
      spentToday: budget.spentToday(),
      active: limiter.active(),
      waiting: limiter.waiting(),
    }),
  };
}
