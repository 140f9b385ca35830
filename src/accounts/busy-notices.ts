import type { Replier } from "../core/replier.js";
import { escapeHtmlText, html, type Texts, textsFor } from "../i18n/index.js";

/** A question whose answer is not sent because its chat is over capacity. */
export interface TurnedAway {
  chatId: number;
  updateId: number;
  messageId: number;
  threadId?: number;
  /** Who asked (a user id, or the chat a message was sent on behalf of): told once per busy spell. */
  askerKey: string;
  /** How the notice names them (plain text); absent: no name is known ("everyone", in the notice's language). */
  askerName?: string;
  /** The asker's Telegram language_code: the notice speaks the first asker's language (else English). */
  askerLanguage?: string;
}

export interface BusyNotices {
  /**
   * Tells the asker of `question` that the chat is busy, once: resolves when a notice naming them
   * was accepted by Telegram (now, or earlier in this busy spell). Rejects when the notice could
   * not be sent (the question stays unfinished, and is retried like a failed answer).
   */
  turnAway(question: TurnedAway): Promise<void>;
  /** The chat's backlog is gone: its askers are told again the next time it overflows. */
  forget(chat: string): void;
  /** Questions turned away, and notices sent, since start. */
  counts(): { turnedAway: number; notices: number };
}

export interface BusyNoticesDeps {
  /** Sends one notice as a reply to `first` (the earliest question it covers); resolves once accepted. */
  send(first: TurnedAway, html: string): Promise<void>;
  /** The chat's pace, said in the notice. */
  perMinute(chat: string): number;
  /** How long a notice gathers askers before it goes, ms (default 1000). */
  gatherMs?: number;
  /** Runs `fn` after `ms` (default: an unref'd setTimeout). */
  schedule?: (fn: () => void, ms: number) => void;
}

interface Notice {
  first: TurnedAway;
  askers: Map<string, string | undefined>;
  done: Promise<void>;
  settle: (error?: unknown) => void;
}

interface ChatNotices {
  told: Set<string>;
  gathering?: Notice;
  sending: Set<Notice>;
}

/**
 * The busy notices of one account. Contract: the askers turned away in one chat within
 * `gatherMs` of the first are named in one message (Telegram's per-chat pace counts messages,
 * not names); an asker is named at most once per busy spell (until `forget`), so a member who
 * keeps asking is not answered with a notice per question. A question is settled only once its
 * asker was told, so a crash before the notice went replays it (nothing is lost).
 */
export function createBusyNotices(deps: BusyNoticesDeps): BusyNotices {
  const gatherMs = deps.gatherMs ?? 1000;
  const schedule = deps.schedule ?? ((fn, ms) => setTimeout(fn, ms).unref());
  const chats = new Map<string, ChatNotices>();
  let turnedAway = 0;
  let notices = 0;

  function send(chat: string, state: ChatNotices, notice: Notice): void {
    delete state.gathering;
    state.sending.add(notice);
    const texts = textsFor(notice.first.askerLanguage);
    const text = busyNotice(texts, [...notice.askers.values()], deps.perMinute(chat));
    deps.send(notice.first, text).then(
      () => {
        notices += 1;
        for (const key of notice.askers.keys()) state.told.add(key);
        state.sending.delete(notice);
        notice.settle();
      },
      (error: unknown) => {
        state.sending.delete(notice);
        notice.settle(error ?? new Error("the busy notice was not sent"));
      },
    );
  }

  return {
    turnAway(question) {
      turnedAway += 1;
      const chat = String(question.chatId);
      let state = chats.get(chat);
      if (!state) chats.set(chat, (state = { told: new Set(), sending: new Set() }));
      if (state.told.has(question.askerKey)) return Promise.resolve();
      for (const notice of state.sending) if (notice.askers.has(question.askerKey)) return notice.done;
      let notice = state.gathering;
      if (!notice) {
        let settle: Notice["settle"] = () => {};
        const done = new Promise<void>((resolve, reject) => {
          settle = (error) => (error === undefined ? resolve() : reject(error));
        });
        // Its questions await it; this only keeps a failure nobody awaits from ending the process.
        done.catch(() => {});
        notice = state.gathering = { first: question, askers: new Map(), done, settle };
        const gathered = notice;
        const chatState = state;
        schedule(() => send(chat, chatState, gathered), gatherMs);
      }
      notice.askers.set(question.askerKey, question.askerName);
      return notice.done;
    },
    forget(chat) {
      const state = chats.get(chat);
      if (state && !state.gathering && state.sending.size === 0) chats.delete(chat);
      else state?.told.clear();
    },
    counts: () => ({ turnedAway, notices }),
  };
}

/**
 * The replier of a question turned away: its answer is not sent, its asker is told instead
 * (`tell`); nothing else reaches the chat (no typing, no reaction). A tap is still answered.
 */
export function turnedAwayReplier(reply: Replier, tell: () => Promise<void>): Replier {
  return {
    async send() {
      await tell();
    },
    answerCallback: (queryId, text) => reply.answerCallback(queryId, text),
    typing: () => () => {},
    acknowledge: () => () => {},
  };
}

/**
 * What the askers of a busy chat are told when their questions came faster than Telegram lets
 * the bot answer there (docs/busy-chats.md): one message in `texts`, naming each of them once.
 * `names` are plain text (escaped here); `perMinute` is the chat's pace.
 */
export function busyNotice(
  texts: Texts,
  names: ReadonlyArray<string | undefined>,
  perMinute: number,
): string {
  const who = names.map((name) => escapeHtmlText(name ?? texts.plain("busy.everyone"))).join(", ");
  return texts.t("busy.notice", { names: html(who), count: perMinute });
}
