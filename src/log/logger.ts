import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";
import { redactSecrets, redactValue } from "./redact.js";

export type { Logger } from "pino";

export interface LoggerSettings {
  level: string;
  /** Human-readable output (pino-pretty); otherwise JSON lines. */
  pretty?: boolean;
  /**
   * Pretty output in ANSI colours: only for a terminal (a file or a pipe gets plain text, never
   * colour codes). Default false.
   */
  colors?: boolean;
  /** Where lines go; stdout when absent. Tests pass a memory stream. */
  destination?: DestinationStream;
}

/**
 * The one root logger of a process. Child loggers (per account, per update) are derived from it.
 *
 * Contract: no line it writes contains a bot token, a JWT or an Authorization header: known
 * secret keys are censored by path, and every string (messages, error messages, stacks, URLs)
 * is scrubbed by `redactSecrets` before it is serialised.
 */
export function createLogger(settings: LoggerSettings): Logger {
  const options: LoggerOptions = {
    level: settings.level,
    base: null,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        "botToken",
        "*.botToken",
        "token",
        "*.token",
        "authorization",
        "*.authorization",
        "headers.authorization",
        "*.headers.authorization",
        "req.headers.authorization",
      ],
      censor: "[redacted]",
    },
    serializers: { err: (err: unknown) => redactValue(err), error: (err: unknown) => redactValue(err) },
    formatters: {
      log: (object) => redactValue(object) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg) => (typeof arg === "string" ? redactSecrets(arg) : arg));
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
  if (settings.destination) return pino(options, settings.destination);
  if (settings.pretty) {
    return pino({
      ...options,
      transport: {
        target: "pino-pretty",
        options: { colorize: settings.colors === true, translateTime: "SYS:HH:MM:ss" },
      },
    });
  }
  return pino(options);
}
