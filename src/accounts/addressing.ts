import type { BotIdentity } from "../core/inbound-message.js";

/** A Telegram MessageEntity as it may arrive: every field is checked before use. */
export interface Entity {
  type?: string;
  offset?: number;
  length?: number;
  user?: { id?: number };
}

export interface AddressingInput {
  text?: string;
  caption?: string;
  entities?: Entity[];
  caption_entities?: Entity[];
  reply_to_message?: { from?: { id: number }; isService?: boolean };
  /** The message itself is a service message or an automatic forward: it replies to nobody. */
  notAReply?: boolean;
}

export interface Addressing {
  /** `@thisbot` (mention entity, or the standalone word when the message has no entities),
   *  a text_mention of the bot's id, or `/cmd@thisbot`. */
  mentionsBot: boolean;
  /** The message replies to a message the bot wrote (never: a service message, such as the
   *  creation of a forum topic by the bot, nor an automatic forward or a service message itself). */
  repliesToBot: boolean;
  /** A command for this bot (`/cmd@thisbot` or bare `/cmd`), lower-case, without `/`. */
  command?: string;
  /** Set when `command` was written `/cmd@thisbot`; absent for a bare `/cmd`, which every bot in a group receives. */
  commandNamesBot?: true;
  /** `/cmd@otherbot`: a command addressed to another bot (never sets `command`). */
  commandForOtherBot: boolean;
  /** Text after the command (or the whole text), the bot's mentions removed, trimmed. */
  args: string;
}

interface Span {
  type: string;
  start: number;
  end: number;
  userId?: number;
}

const COMMAND = /^\/([A-Za-z0-9_]{1,64})(?:@([A-Za-z0-9_]{1,64}))?$/;
const TEXT_COMMAND = /^\/([A-Za-z0-9_]{1,64})(?:@([A-Za-z0-9_]{1,64}))?(?=\s|$)/;

/**
 * Reads how a message addresses the bot. Pure; never throws whatever the message holds.
 *
 * Entity offsets and lengths are UTF-16 code units, which is what JS string indices are, so
 * entities are sliced directly. Entities with missing, negative, fractional or out-of-range
 * offsets are ignored. When the message carries no well-formed entity at all (clients and the
 * sandbox may omit them), the text itself is read: a leading `/cmd[@bot]` and the standalone
 * word `@thisbot`.
 */
export function detectAddressing(message: AddressingInput, bot: BotIdentity): Addressing {
  const useText = typeof message?.text === "string";
  const text = useText ? message.text! : typeof message?.caption === "string" ? message.caption : "";
  const rawEntities = useText ? message.entities : message?.caption_entities;
  const spans = wellFormedSpans(rawEntities, text.length);
  const username = typeof bot.username === "string" ? bot.username.toLowerCase() : "";
  const botMention = `@${username}`;

  const remove: Span[] = [];
  let mentionsBot = false;
  for (const span of spans) {
    if (span.type === "mention" && username !== "") {
      if (text.slice(span.start, span.end).toLowerCase() === botMention) {
        mentionsBot = true;
        remove.push(span);
      }
    } else if (span.type === "text_mention" && span.userId === bot.id) {
      mentionsBot = true;
      remove.push(span);
    }
  }

  let commandText: { name: string; target?: string; end: number } | undefined;
  if (spans.length > 0) {
    const span = spans.find((s) => s.type === "bot_command" && s.start === 0);
    const match = span ? COMMAND.exec(text.slice(0, span.end)) : null;
    if (span && match) commandText = { name: match[1]!, end: span.end, ...target(match[2]) };
  } else {
    const match = TEXT_COMMAND.exec(text);
    if (match) commandText = { name: match[1]!, end: match[0].length, ...target(match[2]) };
  }

  let command: string | undefined;
  let commandNamesBot = false;
  let commandForOtherBot = false;
  if (commandText) {
    const forUs = commandText.target === undefined || commandText.target.toLowerCase() === username;
    if (forUs) {
      command = commandText.name.toLowerCase();
      commandNamesBot = commandText.target !== undefined;
      if (commandNamesBot) mentionsBot = true;
      remove.push({ type: "bot_command", start: 0, end: commandText.end });
    } else if (commandText.target !== undefined) commandForOtherBot = true;
  }

  let args = removeSpans(text, remove);
  // A mention written without an entity still holds an "@": without one there is nothing to find.
  if (spans.length === 0 && username !== "" && args.includes("@")) {
    const word = new RegExp(`(^|[^A-Za-z0-9_@])@${escapeRegExp(username)}(?![A-Za-z0-9_])([ \\t]?)`, "gi");
    args = args.replace(word, (_all, before: string, after: string) => {
      mentionsBot = true;
      return before === "" || /[ \t]$/.test(before) ? before : before + after;
    });
  }
  const replyFrom = message?.reply_to_message?.from?.id;
  const realReply = message?.reply_to_message?.isService !== true && message?.notAReply !== true;
  const result: Addressing = {
    mentionsBot,
    repliesToBot: realReply && typeof replyFrom === "number" && replyFrom === bot.id,
    commandForOtherBot,
    args: args.trim(),
  };
  if (command !== undefined) result.command = command;
  if (commandNamesBot) result.commandNamesBot = true;
  return result;
}

function target(name: string | undefined): { target?: string } {
  return name === undefined ? {} : { target: name };
}

function wellFormedSpans(entities: unknown, textLength: number): Span[] {
  if (!Array.isArray(entities)) return [];
  const spans: Span[] = [];
  for (const entity of entities as unknown[]) {
    if (!entity || typeof entity !== "object") continue;
    const { type, offset, length, user } = entity as Record<string, unknown>;
    if (typeof type !== "string" || !Number.isInteger(offset) || !Number.isInteger(length)) continue;
    const start = offset as number;
    const end = start + (length as number);
    if (start < 0 || (length as number) <= 0 || end > textLength) continue;
    const span: Span = { type, start, end };
    const id = user && typeof user === "object" ? (user as Record<string, unknown>).id : undefined;
    if (typeof id === "number") span.userId = id;
    spans.push(span);
  }
  return spans;
}

/** The text without the given spans (overlaps allowed); one blank is kept where a span was. */
function removeSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const span of sorted) {
    if (span.start > at) out += text.slice(at, span.start);
    at = Math.max(at, span.end);
    if ((out === "" || /[ \t]$/.test(out)) && /[ \t]/.test(text[at] ?? "")) at += 1;
  }
  return out + text.slice(at);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
