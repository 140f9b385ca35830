import type { RedisConnection } from "./redis-connection.js";

/**
 * Polls a revision counter (a STRING its writers INCR) every `pollMs` and calls `onChange` when it
 * differs from the last value seen; with `reportFirst`, the first successful poll reports too.
 * Calls never overlap; a poll that fails (Redis unreachable, or `onChange` rejected) is tried
 * again at the next tick, the value it read not taken as seen. Timers do not keep the process up.
 */
export function pollRevision(
  client: RedisConnection,
  key: string,
  onChange: () => Promise<void>,
  options: { pollMs: number; reportFirst?: boolean },
): { close(): void } {
  let closed = false;
  let seen: string | null | undefined;
  let timer: NodeJS.Timeout | undefined;
  const poll = async (): Promise<void> => {
    try {
      const revision = await client.get(key);
      if (revision !== seen && (seen !== undefined || options.reportFirst === true)) await onChange();
      seen = revision;
    } catch {
      // The next poll tries again.
    }
    if (!closed) {
      timer = setTimeout(() => void poll(), options.pollMs);
      timer.unref();
    }
  };
  void poll();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
