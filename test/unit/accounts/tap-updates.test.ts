import type { Update } from "grammy/types";
import { GrammyError } from "grammy";
import { describe, expect, it, vi } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { openJournal } from "../../../src/accounts/journal/journal.js";
import type { ReplyTarget } from "../../../src/accounts/telegram-replier.js";
import { createUpdateProcessor } from "../../../src/accounts/update-processor.js";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import { textsIn } from "../../../src/i18n/index.js";
import { TAP_NOTICES } from "../../../src/pipeline/choice-tap.js";
import { journalFile, silentReplier, testBot } from "./fixtures.js";

const bot = testBot;
const chat = { id: -1001, type: "supergroup", title: "Team" };
const tap = (id: number, query: Record<string, unknown>) =>
  ({
    update_id: id,
    callback_query: {
      id: `q${id}`,
      from: { id: 7, is_bot: false, first_name: "Ada" },
      chat_instance: "1",
      data: "c:AAAAAAAAAAAA:0",
      ...query,
    },
  }) as unknown as Update;
/** Telegram's InaccessibleMessage: a message the bot can no longer see (older than 48 hours). */
const inaccessible = { chat, message_id: 5, date: 0 };
const botMessage = {
  message_id: 5,
  date: 1,
  chat,
  from: { id: 42, is_bot: true, first_name: "Wiki", username: "wiki_bot" },
  text: "Closest pages in the wiki:",
};

function setup(answerTap?: (id: string, text: string) => Promise<void>) {
  const journal = openJournal(journalFile(), { durable: false });
  const memory = createMemoryLogger();
  const handled: InboundMessage[] = [];
  const targets: ReplyTarget[] = [];
  const processor = createUpdateProcessor({
    account: "a",
    journal,
    log: memory.logger,
    handler: async (msg) => void handled.push(msg),
    identity: () => bot,
    replierFor: (target) => {
      targets.push(target);
      return silentReplier;
    },
    resubmit: () => {},
    ...(answerTap ? { answerTap } : {}),
  });
  return { journal, memory, handled, targets, processor };
}

describe("button taps in the update processor", () => {
  it("answers a tap on a message the bot can no longer see with the expired notice, once, and marks it done", async () => {
    const answers: Array<[string, string]> = [];
    const { journal, handled, processor } = setup(async (id, text) => void answers.push([id, text]));
    const update = tap(1, { message: inaccessible });
    journal.record([update]);
    await processor.process(update);
    await processor.process(update);
    expect(answers).toEqual([["q1", "This choice has expired. Please ask your question again."]]);
    expect(answers[0]![1]).toBe(textsIn("en").t(TAP_NOTICES["callback-expired"]));
    expect(handled).toEqual([]);
    expect(journal.isDone(1)).toBe(true);
    await journal.close();
  });

  it("says the expired notice in the tapper's language", async () => {
    const answers: Array<[string, string]> = [];
    const { journal, processor } = setup(async (id, text) => void answers.push([id, text]));
    const update = tap(2, {
      message: inaccessible,
      from: { id: 8, is_bot: false, first_name: "Li", language_code: "zh-hans" },
    });
    journal.record([update]);
    await processor.process(update);
    expect(answers).toEqual([["q2", "此选项已过期。请重新提问。"]]);
    await journal.close();
  });

  it("answers every other unusable tap too (no data, no message, another sender's message); one without an id cannot be", async () => {
    const answers: string[] = [];
    const { journal, handled, processor } = setup(async (id) => void answers.push(id));
    const updates = [
      tap(2, { message: botMessage, data: undefined, game_short_name: "g" }),
      tap(3, { message: undefined, inline_message_id: "AAA" }),
      tap(4, { message: { ...botMessage, from: { id: 9, is_bot: false, first_name: "Eve" } } }),
      tap(5, { message: inaccessible, id: undefined }),
    ];
    journal.record(updates);
    for (const u of updates) await processor.process(u);
    expect(answers).toEqual(["q2", "q3", "q4"]);
    expect(handled).toEqual([]);
    expect(updates.every((u) => journal.isDone(u.update_id))).toBe(true);
    await journal.close();
  });

  it("a failed answer is logged and the tap is still done", async () => {
    const { journal, memory, processor } = setup(() => Promise.reject(new Error("network down")));
    const update = tap(6, { message: inaccessible });
    journal.record([update]);
    await processor.process(update);
    expect(journal.isDone(6)).toBe(true);
    expect(memory.lines().some((l) => /unusable button tap could not be answered/.test(String(l.msg)))).toBe(
      true,
    );
    await journal.close();
  });

  it("hands a usable tap to the handler with its chat's turn, so only its reply waits", async () => {
    const { journal, handled, targets, processor } = setup(async () => {});
    const update = tap(7, { message: botMessage });
    journal.record([update]);
    const turn = new Promise<void>(() => {});
    await processor.process(update, { turn });
    expect(handled.map((m) => m.callback?.id)).toEqual(["q7"]);
    expect(targets[0]!.turn).toBe(turn);
    expect(journal.isDone(7)).toBe(true);
    await journal.close();
  });
});

describe("a tap retried after its answer went out", () => {
  it("is answered once: the retry sends its page without answering again", async () => {
    const journal = openJournal(journalFile(), { durable: false });
    const answered: string[] = [];
    const sent: string[][] = [];
    let failNext = true;
    const resubmitted: Update[] = [];
    const processor = createUpdateProcessor({
      account: "a",
      journal,
      log: createMemoryLogger().logger,
      handler: async (msg, reply) => {
        await reply.answerCallback(msg.callback!.id);
        if (failNext) {
          failNext = false;
          throw new GrammyError(
            "Internal Server Error",
            { ok: false, error_code: 502, description: "Bad Gateway" },
            "sendMessage",
            {},
          );
        }
        await reply.send(["the page"]);
      },
      identity: () => bot,
      replierFor: () => ({
        ...silentReplier,
        send: async (chunks) => void sent.push([...chunks]),
        answerCallback: async (id) => void answered.push(id),
      }),
      resubmit: (u) => void resubmitted.push(u),
    });
    const update = tap(8, { message: botMessage });
    journal.record([update]);
    vi.useFakeTimers();
    try {
      await processor.process(update);
      expect(journal.isDone(8)).toBe(false);
      await vi.advanceTimersByTimeAsync(2500);
    } finally {
      vi.useRealTimers();
    }
    expect(resubmitted).toEqual([update]);
    await processor.process(resubmitted[0]!);
    expect(answered).toEqual(["q8"]);
    expect(sent).toEqual([["the page"]]);
    expect(journal.isDone(8)).toBe(true);
    await journal.close();
  });
});
