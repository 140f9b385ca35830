/** How an answer is streamed: drafts in a private chat, a placeholder message in a group. */
export type StreamKind = "draft" | "placeholder";

/**
 * What happened to an answer's stream (docs/models.md#streaming), for the metrics:
 * - `opened`: a stream began (not for a replay whose answer was already sent);
 * - `shown`: Telegram took a showing: a draft (`draft`), the placeholder sent (`placeholder`) or
 *   edited (`edit`);
 * - `failed`: Telegram refused a showing, so nothing more of this stream is shown;
 * - `stop`: the asker pressed stop, for a draft being written (`stopped`) or one unknown or
 *   finished (`ignored`);
 * - `cleared`: a placeholder after the answer, deleted (`deleted`) or left in the chat (`left`,
 *   Telegram refused the deletion).
 */
export type StreamEvent =
  | { event: "opened"; kind: StreamKind }
  | { event: "shown"; call: "draft" | "placeholder" | "edit" }
  | { event: "failed"; kind: StreamKind }
  | { event: "stop"; outcome: "stopped" | "ignored" }
  | { event: "cleared"; outcome: "deleted" | "left" };

/** Told each StreamEvent of one account; must not throw. */
export type StreamEvents = (event: StreamEvent) => void;
