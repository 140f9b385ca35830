import type { AgentSettings } from "../agents/agent-settings.js";
import { agentTexts } from "../agents/agent-language.js";
import type { InboundMessage } from "../core/inbound-message.js";
import { isHeard } from "../core/media-file.js";
import type { Logger } from "../log/logger.js";
import type { ModelClient } from "../models/model-client.js";
import { isModelError } from "../models/model-error.js";
import { pictureLineOf, pictureMessages } from "../models/picture-prompt.js";
import type { Hear, Hearing } from "./hear.js";

/** The largest picture downloaded to show a model (Telegram's photos are far smaller). */
export const PICTURE_MAX_BYTES = 10_000_000;

export interface SeeDeps {
  /** The model client of a `models` entry whose entry says `images: true`; undefined otherwise. */
  imageModel: (name: string) => ModelClient | undefined;
}

/**
 * See: a picture (a photo, or an image sent as a file) asking nothing in words is shown to the
 * agent's model when its entry says `images: true`, which states the asker's problem as one search
 * line; the message then asks that line (`heard` via "picture", shown first as "📷 «…»"). Without
 * such a model the asker is told in one line to add the question as a caption; a download or model
 * failure gets one line too. The read counts as a model call (purpose "read").
 */
export function createSee(deps: SeeDeps): Hear {
  return async (msg, to) => {
    const media = msg.media;
    if (!media || isHeard(media) || msg.command !== undefined || msg.args.trim() !== "")
      return { as: "message", msg };
    // modelUse "off" sends the model nothing, pictures included.
    const model = to.agent.modelUse === "off" ? undefined : to.agent.model;
    const client = model === undefined ? undefined : deps.imageModel(model);
    if (!client || !to.replier.readFile) return unread("picture.needsCaption", to.agent, msg);
    const stopTyping = to.replier.typing();
    try {
      const file = await to.replier.readFile(media, { maxBytes: PICTURE_MAX_BYTES });
      if (!file.ok) return unread("picture.failed", to.agent, msg);
      const line = await read(client, msg, to, dataUrl(file.bytes, media.mimeType));
      if (line === undefined) return unread("picture.failed", to.agent, msg);
      return {
        as: "message",
        msg: { ...msg, text: line, args: line, content: "caption", heard: { via: "picture", text: line } },
      };
    } finally {
      stopTyping();
    }
  };
}

async function read(
  client: ModelClient,
  msg: InboundMessage,
  to: { agent: AgentSettings; log: Logger },
  picture: string,
): Promise<string | undefined> {
  try {
    const reply = await client.complete({
      purpose: "read",
      account: msg.account,
      agent: to.agent.id,
      messages: pictureMessages(),
      pictures: [picture],
      maxTokens: 120,
    });
    const line = pictureLineOf(reply.text);
    return line === "" ? undefined : line;
  } catch (error) {
    if (!isModelError(error)) throw error;
    to.log.warn(
      { model: client.name, code: error.code, remedy: error.remedy },
      "the picture could not be read",
    );
    return undefined;
  }
}

/** A picture as a data: URL, its type read from its first bytes, else the one Telegram states, else JPEG (Telegram's photos). */
function dataUrl(bytes: Uint8Array, mimeType: string | undefined): string {
  const buffer = Buffer.from(bytes);
  const sniffed =
    buffer.subarray(0, 4).toString("hex") === "89504e47"
      ? "image/png"
      : buffer.subarray(0, 3).toString("hex") === "ffd8ff"
        ? "image/jpeg"
        : buffer.subarray(8, 12).toString("latin1") === "WEBP"
          ? "image/webp"
          : undefined;
  const type = sniffed ?? (mimeType?.startsWith("image/") ? mimeType : "image/jpeg");
  return `data:${type};base64,${buffer.toString("base64")}`;
}

function unread(
  key: "picture.needsCaption" | "picture.failed",
  agent: AgentSettings,
  msg: InboundMessage,
): Hearing {
  return {
    as: "reply",
    reply: { kind: "unheard", chunks: [agentTexts(agent, msg.languageCode).t(key)] },
    outcome: key === "picture.failed" ? "failed" : "refused",
  };
}

/** Hear, then see: a voice note is heard, a picture seen, anything else goes on as it came. */
export function hearThenSee(hear: Hear, see: Hear): Hear {
  return async (msg, to) => {
    const heard = await hear(msg, to);
    return heard.as === "message" && heard.msg === msg ? see(msg, to) : heard;
  };
}
