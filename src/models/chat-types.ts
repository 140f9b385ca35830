/** One message of a chat completion request, as every OpenAI-compatible server takes it. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export type Fetch = typeof fetch;

export interface ChatCall {
  /** The OpenAI-compatible root, ending in /v1. */
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  messages: readonly ChatMessage[];
  /** Pictures (data: URLs) shown with the last message, as OpenAI's content parts. */
  pictures?: readonly string[];
  maxTokens: number;
  /** The model's maxOutputTokens: what is read of the reply is bounded by it (reply-bounds.ts). */
  maxOutputTokens: number;
  /** Stream the reply; `onPiece` then sees each piece of its text as it comes. */
  stream: boolean;
  onPiece?: (piece: string) => void;
  signal: AbortSignal;
}

export interface ChatResult {
  /** The reply's content as the server sent it (thinking not yet stripped). */
  text: string;
  /** As the server counted; undefined when it sent none. */
  usage: TokenUsage | undefined;
  /** The server sent thinking beside the text (reply-parts.ts hasThinking). */
  reasoned: boolean;
}

export interface TokenUsage {
  prompt: number;
  completion: number;
}
