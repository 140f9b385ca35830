import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../../log/logger.js";
import { firstSentence } from "../short-message.js";
import type { MutationResult, WikiPage } from "../types.js";
import { WikiError } from "../wiki-error.js";

/** How long and how often a write left open is looked for on the wiki. */
export interface ConfirmOptions {
  /** Waits before each read-back after an ambiguous failure (the wiki may still be writing). */
  delaysMs: readonly number[];
  logger?: Logger;
}

export interface OpenWrite {
  kind: "create" | "update";
  /** Names the page in errors and logs. */
  path: string;
  /** Reads the page as the wiki has it now (undefined: no such page). */
  look(): Promise<WikiPage | undefined>;
  /** True when the page shows this write (content, and creation or update time). */
  tookEffect(page: WikiPage): boolean;
}

const SUCCESS_MESSAGE = { create: "Page created successfully.", update: "Page has been updated." };

/** Same text as far as Wiki.js keeps it: line ends and trailing blanks aside. */
export function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/\r\n?/g, "\n").trimEnd();
  return norm(a) === norm(b);
}

/**
 * A timeout, a dropped connection or a 5xx: the wiki may have written. A request that provably
 * never left (`notSent`) and every refusal (rights, key, query) are not ambiguous.
 */
export function isAmbiguous(error: unknown): error is WikiError {
  return error instanceof WikiError && error.retryable && !error.notSent;
}

/**
 * A `succeeded: false` that may follow a completed write: an internal error (errorCode 1 or
 * 6001), such as the page-tree job failing after the page was saved. Business refusals (6002,
 * 6004, ...) and "Invalid Page Id" happen before anything is written.
 */
export function mayHaveWritten(result: MutationResult): boolean {
  return (result.errorCode === 1 || result.errorCode === 6001) && result.message !== "Invalid Page Id";
}

/**
 * Decides a write whose answer left it open by reading the page back, never by sending it again.
 * After an ambiguous failure the page is looked at after each of `delaysMs`; after an internal
 * error in the answer, once (the write, if any, is already there). The write took effect: a
 * success confirmed "read-back", with the wiki's error as a warning. It did not: the wiki's
 * refusal is returned as it was; an ambiguous failure becomes `wiki-write-unconfirmed`.
 */
export async function confirmWrite(
  write: OpenWrite,
  cause: WikiError | MutationResult,
  options: ConfirmOptions,
): Promise<MutationResult> {
  const ambiguous = cause instanceof WikiError;
  const delays = ambiguous ? options.delaysMs : [0];
  const causeText = cause.message;
  options.logger?.warn(
    { kind: write.kind, path: write.path, cause: causeText },
    `wiki ${write.kind} of ${write.path} not confirmed by its answer; reading the page back`,
  );
  let lastError: unknown;
  for (const delay of delays) {
    if (delay > 0) await sleep(delay);
    try {
      const page = await write.look();
      if (page && write.tookEffect(page)) {
        const warning = `the wiki reported an error after saving the page: ${firstSentence(causeText)}`;
        options.logger?.warn(
          { kind: write.kind, path: write.path, pageId: page.id },
          `wiki ${write.kind} confirmed by reading the page back`,
        );
        return {
          succeeded: true,
          errorCode: 0,
          slug: "ok",
          message: SUCCESS_MESSAGE[write.kind],
          page: { id: page.id, path: page.path },
          confirmedBy: "read-back",
          ...(ambiguous ? {} : { warning }),
        };
      }
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
  }
  if (!ambiguous && lastError === undefined) return { ...cause, confirmedBy: "answer" };
  throw new WikiError(
    "wiki-write-unconfirmed",
    `the wiki did not confirm the ${write.kind} of ${write.path} (${firstSentence(causeText)}) and the page does not show it`,
    { cause: lastError ?? cause },
  );
}
