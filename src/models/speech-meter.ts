import type { CallOwner } from "./model-meter.js";

/**
 * What came of one voice note: "ok" (transcribed), "failed" (the download or the server failed),
 * "refused" (over the asker's hourly limit), "too_long", "too_large", "timeout".
 */
export type TranscriptionOutcome = "ok" | "failed" | "refused" | "too_long" | "too_large" | "timeout";

/** One voice note, by account and agent; `seconds`: the audio sent to the server (0 when none was). */
export interface TranscriptionRecord extends CallOwner {
  /** The `models` entry asked; absent when no server was asked. */
  model?: string;
  outcome: TranscriptionOutcome;
  seconds: number;
}

/**
 * Where voice notes are counted: /metrics (http/speech-metrics.ts) and the model usage log that
 * `report` reads. Implementations never throw.
 */
export interface SpeechMeter {
  transcribed(record: TranscriptionRecord): void;
}
