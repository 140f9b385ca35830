import type { CliIo } from "./command.js";

/** Without a terminal, one progress line per this many files (and one at the end). */
export const PROGRESS_LINE_EVERY = 25;
const BAR_WIDTH = 30;
const REDRAW_MS = 200;

/**
 * Progress of `wiki import` on stderr: on a terminal a bar redrawn in place (at most every
 * 200 ms), otherwise a line every PROGRESS_LINE_EVERY files, so logs stay short. Both show the
 * rate, which on a real Wiki.js is about a page per second.
 */
export function createImportProgress(
  io: Pick<CliIo, "err" | "isTty">,
  now: () => number = Date.now,
): (done: number, total: number) => void {
  const started = now();
  let drawnAt = 0;
  return (done, total) => {
    const t = now();
    const rate = done / Math.max(0.001, (t - started) / 1000);
    const figures = `${done}/${total} files, ${rate.toFixed(1)} pages/s`;
    const last = done === total;
    if (io.isTty) {
      if (!last && t - drawnAt < REDRAW_MS) return;
      drawnAt = t;
      const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
      io.err(`\r[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${figures}${last ? "\n" : ""}`);
    } else if (last || done % PROGRESS_LINE_EVERY === 0) {
      io.err(`  ${figures}\n`);
    }
  };
}
