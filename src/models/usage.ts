import type { ChatMessage, TokenUsage } from "./chat-types.js";

/** Tokens a template adds around the messages (roles, special tokens), with room to spare. */
const TEMPLATE_TOKENS = 4096;

/**
 * The server's `usage`, when it is believable: whole numbers, a prompt of at most one token a
 * byte of the messages (plus the template), a completion of at most twice the `max_tokens` asked
 * (some servers count a little past it). Anything else (absent, negative, 1e300, a string) is
 * undefined: the caller estimates instead, so a server cannot spend the daily budget, or swell
 * the metrics, by what it claims.
 */
export function usageOf(
  value: unknown,
  call: { messages: readonly ChatMessage[]; maxTokens: number },
): TokenUsage | undefined {
  const u = value as { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined;
  const prompt = u?.prompt_tokens;
  const completion = u?.completion_tokens;
  if (!isCount(prompt) || !isCount(completion)) return undefined;
  if (completion > call.maxTokens * 2) return undefined;
  if (prompt > TEMPLATE_TOKENS + promptBytes(call.messages)) return undefined;
  return { prompt, completion };
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

function promptBytes(messages: readonly ChatMessage[]): number {
  return messages.reduce((n, m) => n + Buffer.byteLength(m.content), 0);
}
