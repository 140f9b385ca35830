/** A vote on an answer: +1 (the page helped), -1 (it did not), 0 (no vote). */
export type VoteSign = 1 | -1 | 0;

/** Reactions that say an answer helped: 👍 and its common equivalents. */
export const POSITIVE_EMOJI: readonly string[] = ["👍", "❤", "🔥", "👏"];
/** Reactions that say it did not. */
export const NEGATIVE_EMOJI: readonly string[] = ["👎", "💩", "🤔"];

const POSITIVE = new Set(POSITIVE_EMOJI);
const NEGATIVE = new Set(NEGATIVE_EMOJI);

/** Drops variation selectors and skin tones, so "❤️" is "❤" and "👍🏽" is "👍". */
function bare(emoji: string): string {
  return emoji.replace(/[\uFE0E\uFE0F]|\uD83C[\uDFFB-\uDFFF]/g, "");
}

/** The sign one emoji stands for; every emoji not listed is 0 (ignored). Pure. */
export function emojiSign(emoji: string): VoteSign {
  const key = bare(emoji);
  return POSITIVE.has(key) ? 1 : NEGATIVE.has(key) ? -1 : 0;
}

/**
 * The vote a user's whole set of reactions on a message stands for (a user may have several):
 * positive when some reaction is positive and none negative, negative the other way round, and no
 * vote when there is none of either, or both (a mixed set says nothing clear). Pure.
 */
export function voteOf(emoji: readonly string[]): VoteSign {
  let up = false;
  let down = false;
  for (const e of emoji) {
    const sign = emojiSign(e);
    if (sign === 1) up = true;
    else if (sign === -1) down = true;
  }
  return up === down ? 0 : up ? 1 : -1;
}
