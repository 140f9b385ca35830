import type { InboundMessage } from "../core/inbound-message.js";

/**
 * Words that ask the bot to look at something without saying what: "can you answer this?",
 * "@bot please help with that". Words of two letters or fewer count as such too.
 */
const POINTING_WORDS = new Set(
  (
    "can could would will you your please pls plz answer answers reply respond this that it these those " +
    "here there help with about what whats what's is are was the question questions explain tell know " +
    "say look check above one mind hey hello thanks thank anyone someone maybe idea ideas any for and " +
    "bot how why who which where when"
  ).split(" "),
);

/** True when the words carry content of their own rather than pointing at another message. */
export function isOwnQuestion(words: string): boolean {
  const tokens = words
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((t) => t.length > 2);
  return tokens.some((t) => !POINTING_WORDS.has(t));
}

/**
 * The question a message asks. A mention sent as a reply to another user's message asks the
 * replied-to question, unless the mention's own words are a question of their own.
 */
export function questionOf(msg: InboundMessage): string {
  const own = msg.args.trim();
  if (msg.command !== undefined || !msg.mentionsBot || msg.repliedText === undefined) return own;
  return isOwnQuestion(own) ? own : msg.repliedText.trim();
}
