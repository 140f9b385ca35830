import type { Logger } from "./logger.js";

const LEVELS = new Set(["trace", "debug", "info", "warn", "error", "fatal"]);
const silent = (): void => {};

/**
 * `parent.child(bindings)`, made only when something is logged through it: most updates log
 * nothing, and a pino child (its bindings serialized and redacted) is per-update work otherwise.
 *
 * Contract: behaves as the child would. A call at a level the parent does not log is dropped
 * without making the child; any other use (a method, `level`, `child`, ...) makes it once and
 * goes to it.
 */
export function lazyChild(parent: Logger, bindings: Record<string, unknown>): Logger {
  let child: Logger | undefined;
  const made = (): Logger => (child ??= parent.child(bindings));
  return new Proxy(parent, {
    get(_target, property) {
      if (child === undefined && typeof property === "string" && LEVELS.has(property)) {
        if (!parent.isLevelEnabled(property)) return silent;
      }
      const target = made();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(_target, property, value) {
      return Reflect.set(made(), property, value);
    },
  });
}
