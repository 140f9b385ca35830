import { randomBytes } from "node:crypto";
import type { PageRef } from "../agents/answer.js";

/** Choices offered for one question, kept server-side: a button's data only points at them. */
export interface OfferedChoices {
  account: string;
  chatId: number;
  agent: string;
  question: string;
  pages: PageRef[];
  /** ms since the epoch. */
  at: number;
}

/** Why a tap's data leads to no page. */
export type ChoiceRefusal = "callback-forged" | "callback-expired";

export interface ChoiceStore {
  /** Keeps the choices and returns each page's button data (`c:<token>:<n>`, 16 bytes). */
  offer(choices: Omit<OfferedChoices, "at">): string[];
  /** The offered page a tap's data names, if it was offered in that chat of that account. */
  resolve(
    data: string,
    where: { account: string; chatId: number },
  ): { ok: true; offer: OfferedChoices; page: PageRef } | { ok: false; reason: ChoiceRefusal };
}

const DATA = /^c:([A-Za-z0-9_-]{12}):(\d)$/;

/**
 * Offered choices by random token, bounded (`max` offers, the oldest dropped first) and expiring
 * after `ttlMs`. Contract: the data in a button never carries a page or a question, so data a
 * client makes up names nothing; data of another chat or account is refused as forged; an
 * unknown or expired token (also every token after a restart: the store is in memory) is
 * refused as expired, and the user is asked to ask again.
 */
export function createChoiceStore(
  options: { max?: number; ttlMs?: number; now?: () => number } = {},
): ChoiceStore {
  const max = options.max ?? 10_000;
  const ttlMs = options.ttlMs ?? 24 * 3600_000;
  const now = options.now ?? Date.now;
  const offers = new Map<string, OfferedChoices>();
  return {
    offer(choices) {
      const token = randomBytes(9).toString("base64url");
      offers.set(token, { ...choices, at: now() });
      while (offers.size > max) offers.delete(offers.keys().next().value!);
      return choices.pages.map((_, n) => `c:${token}:${n}`);
    },
    resolve(data, where) {
      const match = DATA.exec(data);
      if (!match) return { ok: false, reason: "callback-forged" };
      const offer = offers.get(match[1]!);
      if (!offer || now() - offer.at > ttlMs) {
        offers.delete(match[1]!);
        return { ok: false, reason: "callback-expired" };
      }
      const page = offer.pages[Number(match[2])];
      if (!page || offer.account !== where.account || offer.chatId !== where.chatId) {
        return { ok: false, reason: "callback-forged" };
      }
      return { ok: true, offer, page };
    },
  };
}
