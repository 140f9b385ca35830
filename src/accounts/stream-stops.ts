/**
 * The drafts of one account that a user may stop (`can_stop`), by chat and draft id. Contract: a
 * `stopped_message_generation` for a registered draft aborts its controller (the model call
 * behind it is cancelled, what was written is kept as the answer); one for a draft that is
 * unknown or finished does nothing and says so (false).
 */
export interface StreamStops {
  /** Registers a draft; the returned function forgets it (idempotent). */
  register(chatId: number, draftId: number, controller: AbortController): () => void;
  stop(chatId: number, draftId: number): boolean;
  /** Drafts registered now. */
  size(): number;
}

/** `onStop` is told each stop: for a registered draft (true) or not (false). */
export function createStreamStops(onStop?: (known: boolean) => void): StreamStops {
  const open = new Map<string, AbortController>();
  const keyOf = (chatId: number, draftId: number) => `${chatId}|${draftId}`;
  return {
    register(chatId, draftId, controller) {
      const key = keyOf(chatId, draftId);
      open.set(key, controller);
      return () => {
        if (open.get(key) === controller) open.delete(key);
      };
    },
    stop(chatId, draftId) {
      const key = keyOf(chatId, draftId);
      const controller = open.get(key);
      onStop?.(controller !== undefined);
      if (!controller) return false;
      open.delete(key);
      controller.abort();
      return true;
    },
    size: () => open.size,
  };
}
