import { randomBytes } from "node:crypto";
import type { PageRef } from "../core/reply.js";
import type { ChoiceFile } from "../state/choice-file.js";

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
  /** Resolves once the offers made so far are saved (at once without a file). Never rejects. */
  flush(): Promise<void>;
}

export interface ChoiceStoreOptions {
  /** Most offers kept; the oldest is dropped first. 10,000 by default. */
  max?: number;
  /** An offer older than this is expired. 24 hours by default. */
  ttlMs?: number;
  now?: () => number;
  /** Where offers survive a restart; without it they live in memory only. */
  file?: ChoiceFile;
  /** Lines of the file that were not offers, reported once at start. */
  onInvalid?: (count: number) => void;
}

const DATA = /^c:([A-Za-z0-9_-]{12}):(\d)$/;

/**
 * Offered choices by random token, bounded (`max` offers, the oldest dropped first) and expiring
 * after `ttlMs`. Contract: the data in a button never carries a page or a question, so data a
 * client makes up names nothing; data of another chat or account is refused as forged; an
 * unknown or expired token is refused as expired, and the user is asked to ask again.
 * With a `file`, the offers still valid are read back at creation (so a tap after a restart is
 * answered) and each new offer is appended; the file is rewritten with the live offers once it
 * holds `max` lines more than them, so it stays below 2 × `max` lines.
 */
export function createChoiceStore(options: ChoiceStoreOptions = {}): ChoiceStore {
  const max = options.max ?? 10_000;
  const ttlMs = options.ttlMs ?? 24 * 3600_000;
  const now = options.now ?? Date.now;
  const file = options.file;
  const offers = new Map<string, OfferedChoices>();
  let lines = 0;
  if (file) {
    const saved = file.readAll();
    if (saved.invalid > 0) options.onInvalid?.(saved.invalid);
    const cutoff = now() - ttlMs;
    for (const { token, ...record } of saved.offers) {
      if (record.at < cutoff) continue;
      offers.delete(token);
      offers.set(token, offered(record));
      while (offers.size > max) offers.delete(offers.keys().next().value!);
    }
    lines = saved.offers.length + saved.invalid;
    if (lines > offers.size) compact();
  }

  function compact(): void {
    file!.replace([...offers].map(([token, offer]) => ({ token, ...offer })));
    lines = offers.size;
  }

  return {
    offer(choices) {
      const token = randomBytes(9).toString("base64url");
      const offer = offered({ ...choices, at: now() });
      offers.set(token, offer);
      while (offers.size > max) offers.delete(offers.keys().next().value!);
      if (file) {
        file.append({ token, ...offer });
        lines += 1;
        if (lines >= offers.size + max) compact();
      }
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
    flush: () => file?.flush() ?? Promise.resolve(),
  };
}

/**
 * An offer held in memory, built property by property in one order: objects made by spreading
 * differently shaped sources each got a hidden class of their own in V8 (about 200 bytes per
 * offer, seen as thousands of maps in a heap snapshot of the soak).
 */
function offered(o: OfferedChoices): OfferedChoices {
  return {
    account: o.account,
    chatId: o.chatId,
    agent: o.agent,
    question: o.question,
    pages: o.pages,
    at: o.at,
  };
}
