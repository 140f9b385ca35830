/**
 * Waits for `work` to settle (resolve or reject), but no longer than `ms`: true when it settled in
 * time, false when the time ran out first (the work goes on; only the wait ends). Never rejects.
 * The timer does not keep the process alive on its own.
 */
export function settleWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(0, ms));
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    work.then(done, done);
  });
}
