/** What a reply to one chat completion request is sent with. */
export interface ReplyContext {
  id: string;
  model: string;
  created: number;
  promptText: string;
  stream: boolean;
  includeUsage: boolean;
  /** The server is closing: stop waiting. */
  closing: () => boolean;
}
