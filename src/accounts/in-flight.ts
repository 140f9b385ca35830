/** The updates being handled in this process right now, by update id. */
export interface InFlight {
  /**
   * Runs `task` for `updateId` unless a task for it is running already: a re-delivery after a
   * runner restart, or a replay racing a fresh poll, is then dropped (resolves at once).
   */
  run(updateId: number, task: () => Promise<void>): Promise<void>;
  size(): number;
  /** Settles once every task running now has settled (never rejects). */
  settled(): Promise<void>;
}

export function createInFlight(): InFlight {
  const running = new Map<number, Promise<void>>();
  return {
    run(updateId, task) {
      if (running.has(updateId)) return Promise.resolve();
      const done = task().finally(() => running.delete(updateId));
      running.set(updateId, done);
      return done;
    },
    size: () => running.size,
    async settled() {
      await Promise.allSettled([...running.values()]);
    },
  };
}
