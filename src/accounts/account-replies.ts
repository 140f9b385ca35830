import type { Api } from "grammy";
import type { Logger } from "../log/logger.js";
import type { Replier } from "../core/replier.js";
import type { Journal } from "./journal/journal.js";
import { createRichGate } from "./rich-gate.js";
import { createFileReader } from "./telegram-files.js";
import type { StreamEvents } from "./stream-events.js";
import type { StreamStops } from "./stream-stops.js";
import { createReplier, type ReplyTarget } from "./telegram-replier.js";

export interface AccountRepliesDeps {
  api: Api;
  journal: Journal;
  log: Logger;
  toPlain: (html: string) => string;
  /** A reply found the group upgraded (400 with migrate_to_chat_id) and went to the new id. */
  onMigrated?: (oldChatId: number, newChatId: number) => void;
  /** The account's stoppable drafts: answers are streamed (answer-stream.ts). */
  stops?: StreamStops;
  /** A placeholder message or edit would go at once, leaving room for the answer (the pacer's `hasRoom`). */
  mayShow?: (chatId: number) => boolean;
  /** Told what each answer's stream did (the metrics). */
  onStream?: StreamEvents;
}

/**
 * The repliers of one account, sharing its journal and its logger; each reads the files of its
 * message through the account (`readFile`). Telegram refusing the
 * acknowledgement reaction is said once loudly, then only at debug level: it is a courtesy.
 */
export function createAccountReplies(deps: AccountRepliesDeps): (target: ReplyTarget) => Replier {
  const { log } = deps;
  let reactionRefused = false;
  const replierDeps = {
    api: deps.api,
    journal: deps.journal,
    log,
    toPlain: deps.toPlain,
    // Rich messages refused once are not tried again until a restart (rich-gate.ts).
    rich: createRichGate(log),
    ...(deps.onMigrated ? { onMigrated: deps.onMigrated } : {}),
    ...(deps.stops ? { stops: deps.stops } : {}),
    ...(deps.mayShow ? { mayShow: deps.mayShow } : {}),
    ...(deps.onStream ? { onStream: deps.onStream } : {}),
    onReactionFailed: (error: unknown) => {
      const fields = { reason: (error as { description?: string }).description ?? String(error) };
      const text = "Telegram refused the acknowledgement reaction; answers are not affected";
      if (reactionRefused) log.debug(fields, text);
      else log.warn(fields, `${text} (later refusals are logged at debug level)`);
      reactionRefused = true;
    },
  };
  // Files of messages (voice notes, pictures) are read through the same account (telegram-files.ts).
  const readFile = createFileReader({ api: deps.api, log });
  return (target) => ({ ...createReplier(replierDeps, target), readFile });
}
