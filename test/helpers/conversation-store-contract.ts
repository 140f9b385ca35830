import { expect, it } from "vitest";
import type { ConversationStore, ConversationTurn } from "../../src/core/conversation.js";

const turn = (question: string, at: number): ConversationTurn => ({
  question,
  searched: `${question} searched`,
  pages: [{ path: "tldr/common/tar", locale: "en", title: "tar" }],
  at,
});

/**
 * What every conversation store does (in memory with its file, in Redis): `open` makes a store on
 * empty storage whose clock is `clock.now`; `reopen` another on the same storage (a restart, or
 * another replica).
 */
export function conversationStoreContract(
  name: string,
  make: () => { open: () => ConversationStore; reopen: () => ConversationStore; clock: { now: number } },
): void {
  it(`${name}: keeps a conversation's last three turns within its quiet spell, and each answer's chain`, async () => {
    const { open, clock } = make();
    const store = open();
    const at = clock.now;
    await store.add("a|1", turn("first", at), [], [{ account: "a", chatId: 1, messageId: 10 }]);
    const first = await store.earlier("a|1", 60_000);
    expect(first).toEqual([turn("first", at)]);
    let earlier = first;
    for (const q of ["second", "third", "fourth"]) {
      await store.add("a|1", turn(q, at), earlier, [{ account: "a", chatId: 1, messageId: 11 }]);
      earlier = await store.earlier("a|1", 60_000);
    }
    expect(earlier.map((t) => t.question)).toEqual(["second", "third", "fourth"]);
    expect(await store.chain({ account: "a", chatId: 1, messageId: 10 })).toEqual([turn("first", at)]);
    expect(await store.earlier("a|2", 60_000)).toEqual([]);
    clock.now += 61_000;
    expect(await store.earlier("a|1", 60_000)).toEqual([]);
    expect((await store.chain({ account: "a", chatId: 1, messageId: 11 })).map((t) => t.question)).toEqual([
      "second",
      "third",
      "fourth",
    ]);
  });

  it(`${name}: forgets a conversation on /new but not the answers' chains, and is there for the next opener`, async () => {
    const { open, reopen, clock } = make();
    const store = open();
    await store.add("a|1", turn("first", clock.now), [], [{ account: "a", chatId: 1, messageId: 10 }]);
    await store.add("a|2", turn("other", clock.now), [], []);
    await store.forget("a|1");
    await store.flush();
    const next = reopen();
    expect(await next.earlier("a|1", 60_000)).toEqual([]);
    expect(await next.earlier("a|2", 60_000)).toEqual([turn("other", clock.now)]);
    expect(await next.chain({ account: "a", chatId: 1, messageId: 10 })).toEqual([turn("first", clock.now)]);
  });
}
