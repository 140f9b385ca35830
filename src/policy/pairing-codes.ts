import { randomInt } from "node:crypto";

/** Letters and digits that cannot be confused when read aloud or copied (no I, O, 0, 1). */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 8;
/** A request is valid for 1 hour from its creation. */
export const CODE_TTL_MS = 60 * 60 * 1000;
/** At most this many requests are pending per account. */
export const MAX_PENDING_PER_ACCOUNT = 3;
/** A sender who writes again while pending is sent the same code at most this often. */
export const REPEAT_INTERVAL_MS = 10 * 60 * 1000;

/**
 * A fresh code drawn with the cryptographic random source, different from every code in `taken`
 * (compared upper-case). With 32^8 ≈ 10^12 codes a collision is astronomically rare; the loop
 * only guards the invariant.
 */
export function generateCode(taken: ReadonlySet<string> = new Set()): string {
  for (;;) {
    let code = "";
    for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (!taken.has(code)) return code;
  }
}

/** The canonical spelling of a code typed by an operator: trimmed, upper-case. */
export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}

/** True for a string of CODE_LENGTH characters of CODE_ALPHABET (after normalising). */
export function isWellFormedCode(input: string): boolean {
  const code = normaliseCode(input);
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c));
}
