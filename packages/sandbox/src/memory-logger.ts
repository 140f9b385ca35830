import type { DestinationStream } from "pino";
import { createLogger, type Logger } from "../../../src/log/logger.js";

/** A logger that writes into an array: for tests that assert on log lines (the product's redaction included). */
export function createMemoryLogger(level = "debug"): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
  text: () => string;
} {
  const chunks: string[] = [];
  const destination = { write: (chunk: string) => void chunks.push(chunk) } as DestinationStream;
  const logger = createLogger({ level, destination });
  return {
    logger,
    lines: () => chunks.flatMap((c) => c.split("\n").filter(Boolean)).map((l) => JSON.parse(l)),
    text: () => chunks.join(""),
  };
}
