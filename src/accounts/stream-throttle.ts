/**
 * When a streamed answer is shown again. Drafts and placeholder edits are API calls: a model that
 * writes ten words a second must not make ten calls a second. The throttle shows the text only
 * when it grew, at most one call at a time, the next no sooner than `intervalMs` after the
 * previous one began, and the first no sooner than `firstAfterMs` after the stream opened (a
 * group's placeholder is a message of its own: an answer that is quick needs none). What came in
 * between is not lost: the latest text is shown when the wait is over.
 */
export interface StreamThrottle {
  /** The text so far; "" asks for the first showing ("Thinking…") when `showEmpty`. */
  push(text: string): void;
  /** No more showing; resolves once a call under way ended. */
  stop(): Promise<void>;
}

export interface ThrottleOptions {
  intervalMs: number;
  /** The first showing waits this long after the stream opened (default 0). */
  firstAfterMs?: number;
  /** "" is shown (a draft's "Thinking…"); otherwise the first showing waits for text. */
  showEmpty: boolean;
  /** Whether a showing may go now (the chat's pace): when not, it is tried again after `intervalMs`. */
  mayShow?: () => boolean;
  /** Monotonic clock, ms. */
  now?: () => number;
}

/**
 * `show` makes the call; its rejection ends the throttle (nothing more is shown) and is reported
 * to `onFailure` once.
 */
export function createStreamThrottle(
  show: (text: string) => Promise<void>,
  options: ThrottleOptions & { onFailure: (error: unknown) => void },
): StreamThrottle {
  const now = options.now ?? (() => performance.now());
  const opened = now();
  let shown: string | undefined;
  let latest: string | undefined;
  let lastStart = -Infinity;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ended = false;

  const worth = (text: string) =>
    shown === undefined ? text.trim() !== "" || options.showEmpty : text.length > shown.length;

  function pump(): void {
    if (ended || running || timer || latest === undefined || !worth(latest)) return;
    const at = now();
    const wait = Math.max(lastStart + options.intervalMs, opened + (options.firstAfterMs ?? 0)) - at;
    if (wait > 0 || (options.mayShow && !options.mayShow())) {
      timer = setTimeout(
        () => {
          timer = undefined;
          pump();
        },
        Math.max(wait, wait > 0 ? 0 : options.intervalMs),
      );
      timer.unref?.();
      return;
    }
    const text = latest;
    lastStart = at;
    running = show(text).then(
      () => {
        shown = text;
      },
      (error: unknown) => {
        if (!ended) options.onFailure(error);
        ended = true;
      },
    );
    void running.finally(() => {
      running = undefined;
      pump();
    });
  }

  return {
    push(text) {
      if (ended) return;
      latest = text;
      pump();
    },
    async stop() {
      ended = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
