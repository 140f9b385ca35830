import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import type { FileRead, MediaFile, ReadFile } from "../../../src/core/media-file.js";
import type { Replier } from "../../../src/core/replier.js";
import { ModelError } from "../../../src/models/model-error.js";
import type { TranscriptionRecord } from "../../../src/models/speech-meter.js";
import type { Recording, Transcriber } from "../../../src/models/transcription-client.js";
import { createHear } from "../../../src/pipeline/hear.js";
import { createVoiceQuota, VOICE_QUOTA_WINDOW_MS } from "../../../src/pipeline/voice-quota.js";
import { privateMessage } from "../../helpers/inbound.js";
import { memoryLogger } from "../../helpers/memory-logger.js";

const VOICE: MediaFile = {
  kind: "voice",
  fileId: "f1",
  fileUniqueId: "u1",
  seconds: 4,
  bytes: 9000,
  mimeType: "audio/ogg",
};
const voiceNote = (over: Partial<InboundMessage> = {}): InboundMessage => ({
  ...privateMessage("", 42),
  content: "media",
  contentKind: "voice",
  media: VOICE,
  languageCode: "ru-RU",
  ...over,
});
const agent = (config: Record<string, unknown> = {}) =>
  resolveAgentSettings("main", { speechToText: "speech", ...config } as never, "http://wiki.test/graphql");

function world(
  o: { read?: FileRead; transcribe?: (r: Recording) => Promise<string>; now?: () => number } = {},
) {
  const reads: Array<{ fileId: string; maxBytes: number }> = [];
  const heardRecordings: Recording[] = [];
  const records: TranscriptionRecord[] = [];
  const readFile: ReadFile = async (file, options) => {
    reads.push({ fileId: file.fileId, maxBytes: options.maxBytes });
    return o.read ?? { ok: true, bytes: new Uint8Array([1, 2, 3]) };
  };
  const transcriber: Transcriber = {
    name: "speech",
    transcribe: async (recording) => {
      heardRecordings.push(recording);
      return (o.transcribe ?? (async () => "как восстановить резервную копию"))(recording);
    },
  };
  const replier = { typing: () => () => {}, readFile } as unknown as Replier;
  const hear = createHear({
    transcriber: (name) => (name === "speech" ? transcriber : undefined),
    quota: createVoiceQuota({ now: o.now ?? (() => 0) }),
    meter: { transcribed: (r) => records.push(r) },
  });
  const { log, lines } = memoryLogger();
  const run = (
    msg: InboundMessage,
    settings = agent(),
    decision = { allow: true, via: "allowlist" } as const,
  ) => hear(msg, { agent: settings, decision, replier, log });
  return { run, reads, heardRecordings, records, lines };
}

describe("hear: a voice note let in becomes the question heard in it", () => {
  it("asks what was heard, with the language and the file sent, and counts its seconds", async () => {
    const w = world();
    const out = await w.run(voiceNote());
    expect(out.as).toBe("message");
    if (out.as !== "message") return;
    expect(out.msg).toMatchObject({
      text: "как восстановить резервную копию",
      args: "как восстановить резервную копию",
      content: "caption",
      heard: { via: "voice", text: "как восстановить резервную копию" },
    });
    expect(w.reads).toEqual([{ fileId: "f1", maxBytes: 20_000_000 }]);
    expect(w.heardRecordings[0]).toMatchObject({ mimeType: "audio/ogg", language: "ru" });
    expect(w.records).toEqual([
      { account: "default", agent: "main", model: "speech", outcome: "ok", seconds: 4 },
    ]);
  });

  it("leaves alone what is not a voice note asking nothing, and voice notes without a speech server", async () => {
    const w = world();
    const typed = privateMessage("how do I restore?", 42);
    expect(await w.run(typed)).toEqual({ as: "message", msg: typed });
    const captioned = voiceNote({ content: "caption", text: "what is this?", args: "what is this?" });
    expect(await w.run(captioned)).toEqual({ as: "message", msg: captioned });
    const off = voiceNote();
    expect(await w.run(off, agent({ speechToText: undefined }))).toEqual({ as: "message", msg: off });
    const voiceOff = voiceNote();
    expect(await w.run(voiceOff, agent(), { allow: true, via: "group", voice: false } as never)).toEqual({
      as: "message",
      msg: voiceOff,
    });
    expect(w.reads).toEqual([]);
    expect(w.records).toEqual([]);
  });

  it("refuses one too long or too large before reading it, in the asker's language", async () => {
    const w = world();
    const long = await w.run(voiceNote({ media: { ...VOICE, seconds: 400 } }));
    expect(long).toMatchObject({ as: "reply", outcome: "too_long", reply: { kind: "unheard" } });
    if (long.as === "reply") expect(long.reply.chunks[0]).toMatch(/5:00/);
    const large = await w.run(voiceNote({ media: { ...VOICE, bytes: 30_000_000 } }));
    expect(large).toMatchObject({ as: "reply", outcome: "too_large" });
    expect(w.reads).toEqual([]);
    expect(w.records.map((r) => [r.outcome, r.seconds])).toEqual([
      ["too_long", 0],
      ["too_large", 0],
    ]);
  });

  it("says so in one line when the download or the server fails, naming a timeout apart", async () => {
    const tooLarge = world({ read: { ok: false, reason: "too-large" } });
    expect(await tooLarge.run(voiceNote())).toMatchObject({ outcome: "too_large" });
    const failedRead = world({ read: { ok: false, reason: "failed" } });
    expect(await failedRead.run(voiceNote())).toMatchObject({ outcome: "failed" });
    const slow = world({ transcribe: () => Promise.reject(new ModelError("model-timeout", "slow")) });
    const timedOut = await slow.run(voiceNote({ languageCode: "en" }));
    expect(timedOut).toMatchObject({ as: "reply", outcome: "timeout" });
    if (timedOut.as === "reply")
      expect(timedOut.reply.chunks).toEqual([
        "I couldn't make out the voice note: please type the question.",
      ]);
    const down = world({ transcribe: () => Promise.reject(new ModelError("model-unreachable", "down")) });
    expect(await down.run(voiceNote())).toMatchObject({ outcome: "failed" });
    expect(down.lines.find((l) => l.code === "model-unreachable")).toBeDefined();
  });

  it("holds each asker to voicePerUserPerHour, counted over the last hour", async () => {
    let now = 0;
    const w = world({ now: () => now });
    const settings = agent({ voicePerUserPerHour: 2 });
    expect((await w.run(voiceNote(), settings)).as).toBe("message");
    expect((await w.run(voiceNote(), settings)).as).toBe("message");
    expect(await w.run(voiceNote(), settings)).toMatchObject({ as: "reply", outcome: "refused" });
    // Another asker has their own count.
    expect((await w.run(voiceNote({ senderId: 7, chatId: 7 }), settings)).as).toBe("message");
    now = VOICE_QUOTA_WINDOW_MS + 1;
    expect((await w.run(voiceNote(), settings)).as).toBe("message");
    expect(w.reads).toHaveLength(4);
  });
});
