export interface Semaphore {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now (for tests). */
  active(): number;
}

/** At most `limit` tasks run at once; the others wait in FIFO order. */
export function createSemaphore(limit: number): Semaphore {
  const max = Math.max(1, Math.floor(limit));
  let active = 0;
  const waiting: Array<() => void> = [];

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
        if (next) next();
        else active -= 1;
      }
    },
    active: () => active,
  };
}
