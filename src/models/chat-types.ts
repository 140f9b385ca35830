/** One message of a chat completion request, as every OpenAI-compatible server takes it. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}
