import { Counter, type Registry } from "prom-client";
import type { SpeechMeter } from "../models/speech-meter.js";

/**
 * Voice notes on the gateway's registry: `wiki_gateway_transcriptions_total{account,agent,outcome}`
 * (outcome: ok, failed, refused, too_long, too_large, timeout) and
 * `wiki_gateway_transcribed_audio_seconds_total{account,agent}`, the audio sent to speech servers.
 */
export function createSpeechMetrics(registry: Registry): SpeechMeter {
  const transcriptions = new Counter({
    name: "wiki_gateway_transcriptions_total",
    help: "Voice notes, audio and video notes by account, agent and outcome (ok, failed, refused, too_long, too_large, timeout)",
    labelNames: ["account", "agent", "outcome"],
    registers: [registry],
  });
  const seconds = new Counter({
    name: "wiki_gateway_transcribed_audio_seconds_total",
    help: "Seconds of audio sent to speech-to-text servers, by account and agent",
    labelNames: ["account", "agent"],
    registers: [registry],
  });
  return {
    transcribed(r) {
      transcriptions.inc({ account: r.account, agent: r.agent, outcome: r.outcome });
      if (r.seconds > 0) seconds.inc({ account: r.account, agent: r.agent }, r.seconds);
    },
  };
}
