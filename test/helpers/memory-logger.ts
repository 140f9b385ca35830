import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../src/log/logger.js";

/** A real logger (redaction and all) whose JSON lines are kept in memory, and their raw text. */
export function memoryLogger(level = "info"): {
  log: Logger;
  lines: Array<Record<string, unknown>>;
  text(): string;
} {
  const lines: Array<Record<string, unknown>> = [];
  let raw = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger({ level, destination }), lines, text: () => raw };
}
