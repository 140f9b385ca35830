/** One update's place in its chat's order. */
export interface Turn {
  /** Resolves once every update that took a place before this one in its chat ended. Never rejects. */
  readonly ready: Promise<void>;
  /** This update's work ended; the next one may go once this turn is also ready. Idempotent. */
  release(): void;
}

export interface ChatOrder {
  /** Takes the next place in the order of `key` (a chat). */
  reserve(key: string): Turn;
  /** Keys with a place taken and not yet passed (0 when idle). */
  size(): number;
}

/**
 * The updates of one chat in the order they came, the way grammY runner's `sequentialize` keeps
 * them, but with the place taken apart from the waiting: an update may take its place at once, do
 * what does not touch the chat (answer a button tap) and wait for `ready` only before it writes
 * to the chat.
 *
 * Contract: a turn passes (the next one's `ready` resolves) only when it is both ready and
 * released, so an update that released early never lets a later one overtake an earlier one.
 * Keys are forgotten when their last turn passed, so the map stays as small as the chats at work.
 * What it orders is what reaches the chat: an update that takes its place and goes on before its
 * turn (a button tap) is handled alongside the chat's earlier update, so such a handler must not
 * rely on that update having finished (it reads the policy and the offered choices, appends to the
 * gap log) and sends only through the replier, which waits for the turn.
 */
export function createChatOrder(): ChatOrder {
  const lanes = new Map<string, { tail: Promise<void>; places: number }>();
  return {
    reserve(key) {
      let lane = lanes.get(key);
      if (!lane) lanes.set(key, (lane = { tail: Promise.resolve(), places: 0 }));
      const current = lane;
      const ready = current.tail;
      let released = false;
      let free: () => void = () => {};
      const freed = new Promise<void>((resolve) => {
        free = resolve;
      });
      const passed = Promise.all([ready, freed]).then(() => {
        current.places -= 1;
        if (current.places === 0 && lanes.get(key) === current) lanes.delete(key);
      });
      current.places += 1;
      current.tail = passed;
      return {
        ready,
        release() {
          if (released) return;
          released = true;
          free();
        },
      };
    },
    size: () => lanes.size,
  };
}
