/**
 * Gathers lines appended while their write waits its turn in a serialized write queue, so that a
 * burst of appends becomes one write (one open, write and close) instead of one per line.
 *
 * Contract: `add` queues a write through `enqueue` only when no gathered write is waiting; lines
 * added before that write starts go with it, in order. `cut()` ends the gathering: lines added
 * after it go into a new write queued behind whatever was enqueued meanwhile (a rewrite of the
 * whole file, say), so the file's order stays the order of the calls.
 */
export interface AppendBatch {
  add(line: string): void;
  cut(): void;
}

export function createAppendBatch(
  enqueue: (write: () => Promise<void>) => void,
  write: (lines: readonly string[]) => Promise<void>,
): AppendBatch {
  let open: string[] | undefined;
  return {
    add(line) {
      if (open) {
        open.push(line);
        return;
      }
      const lines = [line];
      open = lines;
      enqueue(() => {
        if (open === lines) open = undefined;
        return write(lines);
      });
    },
    cut() {
      open = undefined;
    },
  };
}
