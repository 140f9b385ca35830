import type { Logger } from "../log/logger.js";
import { redactPersonal } from "../log/redact.js";
import type { ChatMessage } from "./chat-types.js";
import type { CallOwner, CallPurpose } from "./model-meter.js";

/** One call's prompt and reply, as the model client hands it to the prompt log. */
export interface PromptLogEntry extends CallOwner {
  model: string;
  purpose: CallPurpose;
  /** "ok" or the call's ModelErrorCode. */
  outcome: string;
  messages: readonly ChatMessage[];
  /** The reply as the server gave it (thinking included); absent when none came. */
  reply?: string;
}

export type PromptLog = (entry: PromptLogEntry) => void;

/**
 * The prompt log of MODEL_LOG_PROMPTS (`--model-log-prompts`): each call's prompt (its user
 * messages: the question, and for an answer the passages) and reply, at info level, every text
 * redacted by `redactPersonal` and by the model's own API key. Without the setting no prompt log
 * exists, so no prompt or reply reaches the log at any level.
 */
export function createPromptLog(logger: Logger, known: readonly string[] = []): PromptLog {
  const secrets = known.filter((s) => s.length >= 8);
  const redact = (text: string) =>
    redactPersonal(secrets.reduce((t, secret) => t.replaceAll(secret, "[redacted]"), text));
  return (entry) => {
    const prompt = entry.messages
      .filter((m) => m.role === "user")
      .map((m) => redact(m.content))
      .join("\n\n");
    logger.info(
      {
        model: entry.model,
        purpose: entry.purpose,
        agent: entry.agent,
        account: entry.account,
        outcome: entry.outcome,
        prompt,
        ...(entry.reply === undefined ? {} : { reply: redact(entry.reply) }),
      },
      "model prompt and reply (MODEL_LOG_PROMPTS)",
    );
  };
}
