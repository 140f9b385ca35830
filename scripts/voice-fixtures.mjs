#!/usr/bin/env node
// Makes the voice notes of test/fixtures/voice/ as Telegram sends them (OGG/Opus, mono, 48 kHz)
// from the sentences below, with espeak-ng and opusenc (Debian: espeak-ng, opus-tools), and writes
// transcripts.jsonl: each note's sentence under its audio's key. The sentence given to espeak-ng
// is the ground truth of what is said; no speech recognizer wrote these transcripts.
// Run: node scripts/voice-fixtures.mjs (only when a sentence changes; the files are committed).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const OUT = new URL("../test/fixtures/voice/", import.meta.url).pathname;
export const NOTES = [
  { file: "restore-backup.en.ogg", voice: "en-us", text: "How do I restore the latest backup?" },
  { file: "restore-backup.ru.ogg", voice: "ru", text: "Как восстановить резервную копию?" },
  { file: "first-day.en.ogg", voice: "en-us", text: "What should I do on my first day?" },
];

const tmp = mkdtempSync(join(tmpdir(), "voice-"));
const lines = [
  JSON.stringify({
    recording: {
      what: "transcripts of the voice notes of this folder, keyed by transcriptKey (audio- and the SHA-256 of the file)",
      how: "each note is espeak-ng speaking the sentence, encoded by opusenc --bitrate 16 --downmix-mono; the transcript is that sentence, the ground truth of what is said (no recognizer wrote it)",
      by: "scripts/voice-fixtures.mjs",
    },
  }),
];
try {
  for (const note of NOTES) {
    const wav = join(tmp, `${note.file}.wav`);
    const ogg = join(OUT, note.file);
    execFileSync("espeak-ng", ["-v", note.voice, "-s", "150", "-w", wav, note.text]);
    execFileSync("opusenc", [
      "--quiet",
      "--bitrate",
      "16",
      "--downmix-mono",
      "--comp",
      "10",
      "--serial",
      "1",
      wav,
      ogg,
    ]);
    const key = `audio-${createHash("sha256").update(readFileSync(ogg)).digest("hex")}`;
    lines.push(JSON.stringify({ key, reply: note.text }));
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
writeFileSync(join(OUT, "transcripts.jsonl"), `${lines.join("\n")}\n`);
