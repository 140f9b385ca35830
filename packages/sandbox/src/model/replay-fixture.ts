import { readFileSync } from "node:fs";

/**
 * A replay fixture: replies recorded from a real model for exactly the prompts the product sends.
 * File format (JSON Lines, UTF-8): every line is one JSON object, either
 *   `{"recording": {...}}`  how the replies were recorded (model, date, method; kept, not read), or
 *   `{"key": "<promptKey hex>", "reply": "<the model's reply text>"}`.
 * The key is `promptKey(messages)` (src/models/prompt-key.ts). A later line with the same key wins.
 */
export interface ReplayFixture {
  /** The recorded reply for a prompt key, or undefined: the stand-in never invents one. */
  reply(key: string): string | undefined;
  size(): number;
  /** The `recording` lines, as written. */
  recording: unknown[];
}

export class FixtureFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FixtureFormatError";
  }
}

export function parseReplayFixture(text: string, source = "fixture"): ReplayFixture {
  const replies = new Map<string, string>();
  const recording: unknown[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const where = `${source} line ${index + 1}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new FixtureFormatError(`${where} is not JSON; write one JSON object per line`);
    }
    if (typeof parsed !== "object" || parsed === null)
      throw new FixtureFormatError(`${where} is not an object`);
    const entry = parsed as Record<string, unknown>;
    if ("recording" in entry) return void recording.push(entry.recording);
    if (typeof entry.key !== "string" || typeof entry.reply !== "string")
      throw new FixtureFormatError(`${where} needs "key" and "reply" strings (or "recording")`);
    replies.set(entry.key, entry.reply);
  });
  return { reply: (key) => replies.get(key), size: () => replies.size, recording };
}

export function readReplayFixture(path: string): ReplayFixture {
  return parseReplayFixture(readFileSync(path, "utf8"), path);
}

export const EMPTY_FIXTURE: ReplayFixture = parseReplayFixture("");
