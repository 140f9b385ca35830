import type { AgentSettings } from "../agents/agent-settings.js";
import { agentTexts } from "../agents/agent-language.js";
import type { InboundMessage } from "../core/inbound-message.js";
import { isHeard, type MediaFile } from "../core/media-file.js";
import type { Replier } from "../core/replier.js";
import type { ReplyOf } from "../core/reply.js";
import type { Logger } from "../log/logger.js";
import { isModelError } from "../models/model-error.js";
import type { SpeechMeter, TranscriptionOutcome } from "../models/speech-meter.js";
import { type Transcriber, transcriptionLanguage } from "../models/transcription-client.js";
import type { Allowed } from "./admit.js";
import type { VoiceQuota } from "./voice-quota.js";

/** What a voice note came to: the message asking what was heard, or the line its asker gets instead. */
export type Hearing =
  | { as: "message"; msg: InboundMessage }
  | { as: "reply"; reply: ReplyOf<"unheard">; outcome: TranscriptionOutcome };

export interface HearDeps {
  /** The speech server of a `models` entry, as the configuration in force has it. */
  transcriber: (name: string) => Transcriber | undefined;
  quota: VoiceQuota;
  meter?: SpeechMeter;
}

export type Hear = (
  msg: InboundMessage,
  to: { agent: AgentSettings; decision: Allowed; replier: Replier; log: Logger },
) => Promise<Hearing>;

/** The MIME type of a voice note when Telegram states none (a video note is MPEG-4). */
const DEFAULT_MIME: Record<string, string> = {
  voice: "audio/ogg",
  audio: "audio/mpeg",
  video_note: "video/mp4",
};

/**
 * Hear: a voice note, audio or video note asking nothing in words (no caption but a mention) is
 * transcribed by the agent's `speechToText` server, and the message then asks what was heard
 * (`text`, `args` and `heard` set; content "caption") like a typed question. Runs after admit, so
 * only a message the policy lets in is ever downloaded or sent anywhere. Without a speech server
 * the message goes on as it came (a DM gets the media hint). A voice note too long, too large,
 * over its asker's hourly limit, or that the download or the server failed gets one line in the
 * asker's language (kind "unheard"), and the failure is logged with its code. Each voice note is
 * counted once in the meter, with the seconds of audio sent.
 */
export function createHear(deps: HearDeps): Hear {
  return async (msg, to) => {
    const media = msg.media;
    if (!media || !isHeard(media) || !asksNothing(msg) || to.decision.voice === false)
      return { as: "message", msg };
    const model = to.agent.speechToText;
    if (model === undefined) return { as: "message", msg };
    const stopTyping = to.replier.typing();
    try {
      const heard = await transcribe(deps, msg, media, { ...to, model });
      deps.meter?.transcribed({
        account: msg.account,
        agent: to.agent.id,
        model,
        outcome: heard.outcome,
        seconds: heard.outcome === "ok" ? (media.seconds ?? 0) : 0,
      });
      if (heard.as === "message") return heard;
      return { as: "reply", reply: unheard(heard.outcome, to.agent, msg), outcome: heard.outcome };
    } finally {
      stopTyping();
    }
  };
}

type Heard =
  | { as: "message"; msg: InboundMessage; outcome: "ok" }
  | { as: "failed"; outcome: Exclude<TranscriptionOutcome, "ok"> };

async function transcribe(
  deps: HearDeps,
  msg: InboundMessage,
  media: MediaFile,
  to: { agent: AgentSettings; replier: Replier; log: Logger; model: string },
): Promise<Heard> {
  const { voice } = to.agent;
  const failed = (outcome: Exclude<TranscriptionOutcome, "ok">): Heard => ({ as: "failed", outcome });
  if (media.seconds !== undefined && media.seconds > voice.maxSeconds) return failed("too_long");
  if (media.bytes !== undefined && media.bytes > voice.maxBytes) return failed("too_large");
  const transcriber = deps.transcriber(to.model);
  if (!transcriber || !to.replier.readFile) {
    to.log.warn({ model: to.model }, "no speech server to transcribe the voice note with");
    return failed("failed");
  }
  if (msg.senderId !== undefined && !deps.quota.take(msg.account, msg.senderId, voice.perUserPerHour))
    return failed("refused");
  const file = await to.replier.readFile(media, { maxBytes: voice.maxBytes });
  if (!file.ok) return failed(file.reason === "too-large" ? "too_large" : "failed");
  const language = transcriptionLanguage(msg.languageCode);
  try {
    const text = await transcriber.transcribe({
      bytes: file.bytes,
      mimeType: media.mimeType ?? DEFAULT_MIME[media.kind] ?? "audio/ogg",
      ...(language ? { language } : {}),
    });
    return {
      as: "message",
      outcome: "ok",
      msg: { ...msg, text, args: text, content: "caption", heard: { via: "voice", text } },
    };
  } catch (error) {
    if (!isModelError(error)) throw error;
    to.log.warn(
      { model: to.model, code: error.code, remedy: error.remedy, reason: error.message },
      "the voice note could not be transcribed",
    );
    return failed(error.code === "model-timeout" ? "timeout" : "failed");
  }
}

/** The message says nothing in words: no command, and no question beside a mention. */
function asksNothing(msg: InboundMessage): boolean {
  return msg.command === undefined && msg.args.trim() === "";
}

const LINES = {
  failed: "voice.failed",
  timeout: "voice.failed",
  refused: "voice.tooMany",
  too_long: "voice.tooLong",
  too_large: "voice.tooLarge",
} as const;

function unheard(
  outcome: Exclude<TranscriptionOutcome, "ok">,
  agent: AgentSettings,
  msg: InboundMessage,
): ReplyOf<"unheard"> {
  const texts = agentTexts(agent, msg.languageCode);
  const line =
    outcome === "too_long"
      ? texts.t(LINES.too_long, { limit: clock(agent.voice.maxSeconds) })
      : texts.t(LINES[outcome]);
  return { kind: "unheard", chunks: [line] };
}

/** Seconds as a clock reads them, in every language: 300 → "5:00", 2 → "0:02". */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
