import { createCallGate } from "./call-gate.js";
import { createCallLimiter } from "./call-limiter.js";
import { createHttpFetch } from "./http-fetch.js";
import type { ChatMessage } from "./chat-types.js";
import { type Fetch, postChat, type TokenUsage } from "./chat-request.js";
import { ModelError } from "./model-error.js";
import { firstListedModel, listServerModels, named } from "./model-list.js";
import { noteModelFailure } from "./failure-watch.js";
import { type CallOwner, type CallPurpose, type ModelMeter, NO_METER } from "./model-meter.js";
import type { ModelSettings } from "./model-settings.js";
import type { PromptLog } from "./prompt-log.js";
import { stripThink } from "./think.js";
import { createThinkFilter } from "./think-stream.js";

export interface ModelCall extends CallOwner {
  purpose: CallPurpose;
  messages: readonly ChatMessage[];
  /**
   * Fewer output tokens than the model's maxOutputTokens (a rewrite needs one line); not applied
   * once the model was seen thinking (its thinking counts against the same tokens).
   */
  maxTokens?: number;
  /** Cancels the call (a user's stop, shutdown): throws `model-cancelled`. */
  signal?: AbortSignal;
  /**
   * Streams the reply: called with the text so far, thinking stripped, trimmed; each call costs
   * time proportional to the new piece (think-stream.ts).
   */
  onText?: (soFar: string) => void;
  /** Pictures (data: URLs) shown with the last message, for a model whose entry says `images: true`. */
  pictures?: readonly string[];
}

export interface ModelReply {
  /** The reply without thinking, trimmed; never empty. */
  text: string;
  usage: TokenUsage;
}

export interface ModelState {
  circuit: "closed" | "open" | "half-open";
  spentToday: number;
  /**
   * When a call will be tried again (ISO): a 429's Retry-After (at most maxRetryAfterMs) or the
   * open circuit's cooldown; null while calls go at once.
   */
  retryAt: string | null;
  active: number;
  waiting: number;
}

/** The small model interface agents depend on. Every failure is a ModelError. */
export interface ModelClient {
  readonly name: string;
  readonly model: string;
  complete(call: ModelCall): Promise<ModelReply>;
  /**
   * Counts a reply `complete` gave that the agent could not use (`model-uncited-answer`,
   * `model-unusable-reply`): the answer is then the floor, as for a failed call.
   */
  discard(
    call: CallOwner & { purpose: CallPurpose },
    code: "model-uncited-answer" | "model-unusable-reply",
  ): void;
  /** The ids GET {baseUrl}/models lists. */
  listModels(signal?: AbortSignal): Promise<string[]>;
  state(): ModelState;
}

export interface ModelClientDeps {
  settings: ModelSettings;
  /** Default: http-fetch.ts (a call given up closes its connection). */
  fetch?: Fetch;
  now?: () => number;
  meter?: ModelMeter;
  /** Where prompts and replies go, redacted; absent (the default): they are never logged. */
  prompts?: PromptLog;
}

/** Tokens of a text when the server counts none: about four characters a token. */
const estimate = (text: string) => Math.ceil(text.length / 4);

export function createModelClient(deps: ModelClientDeps): ModelClient {
  const { settings } = deps;
  const fetchFn = deps.fetch ?? createHttpFetch();
  const now = deps.now ?? Date.now;
  const meter = deps.meter ?? NO_METER;
  const gate = createCallGate(settings, now);
  const limiter = createCallLimiter(settings);
  const list = (signal?: AbortSignal) => listServerModels(fetchFn, settings, signal);
  const modelId = firstListedModel(settings, list);
  /** The model thinks before it answers (a reasoning field, or thinking in its text). */
  let thinks = false;

  /** One call through the limiter; the reply's text as the server gave it, with its usage. */
  async function send(
    call: ModelCall,
    signal: AbortSignal,
  ): Promise<{ text: string; usage: TokenUsage; reasoned: boolean }> {
    const onText = call.onText;
    const cap = settings.maxOutputTokens;
    const think = onText && createThinkFilter();
    const result = await limiter.run(
      async () =>
        postChat(fetchFn, {
          baseUrl: settings.baseUrl,
          model: await modelId(signal),
          apiKey: settings.apiKey,
          messages: call.messages,
          ...(call.pictures ? { pictures: call.pictures } : {}),
          maxTokens: thinks ? cap : Math.min(call.maxTokens ?? cap, cap),
          maxOutputTokens: cap,
          stream: onText !== undefined,
          ...(think ? { onPiece: (piece: string) => onText!(think.push(piece)) } : {}),
          signal,
        }),
      signal,
    );
    const usage = result.usage ?? {
      prompt: estimate(call.messages.map((m) => m.content).join("\n")),
      completion: estimate(result.text),
    };
    const reasoned = result.reasoned || stripThink(result.text) !== result.text.trim();
    thinks ||= reasoned;
    return { text: result.text, usage, reasoned };
  }

  async function complete(call: ModelCall): Promise<ModelReply> {
    const started = now();
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
    let usage: TokenUsage | undefined;
    let raw: string | undefined;
    const settle = (outcome: string) => {
      const owner = { model: settings.name, purpose: call.purpose, agent: call.agent, account: call.account };
      meter.call({ ...owner, outcome, seconds: (now() - started) / 1000, ...(usage ? { usage } : {}) });
      deps.prompts?.({
        ...owner,
        outcome,
        messages: call.messages,
        ...(raw === undefined ? {} : { reply: raw }),
      });
    };
    try {
      gate.admit();
      const sent = await send(call, signal);
      ({ text: raw, usage } = sent);
      gate.answered(usage.prompt + usage.completion);
      const text = stripThink(raw);
      if (text === "")
        throw new ModelError(
          "model-empty-reply",
          sent.reasoned
            ? `model ${settings.name} thought but wrote no answer (its output tokens may have gone to thinking)`
            : `model ${settings.name} gave an empty reply`,
        );
      settle("ok");
      return { text, usage };
    } catch (error) {
      const failure = named(error, timeout, settings);
      gate.failed(failure);
      settle(failure.code);
      noteModelFailure();
      throw failure;
    }
  }

  return {
    name: settings.name,
    model: settings.model,
    complete,
    discard: (call, code) =>
      meter.discarded({
        model: settings.name,
        purpose: call.purpose,
        agent: call.agent,
        account: call.account,
        code,
      }),
    listModels: list,
    state: () => {
      const { retryAt, ...gated } = gate.state();
      return {
        ...gated,
        retryAt: retryAt === undefined ? null : new Date(retryAt).toISOString(),
        active: limiter.active(),
        waiting: limiter.waiting(),
      };
    },
  };
}
