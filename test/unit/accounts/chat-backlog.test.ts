import { describe, expect, it } from "vitest";
import { type BacklogEntry, createChatBacklog } from "../../../src/accounts/chat-backlog.js";

/** An entry whose run is held open until `finish()`; `started` tells whether it ran, and how. */
function entry(chat: string, log: string[], name: string, question = true) {
  let finish: () => void = () => {};
  const state = { started: false, over: false };
  const e: BacklogEntry = {
    chat,
    question,
    run(over) {
      state.started = true;
      state.over = over;
      log.push(over ? `${name}!` : name);
      return new Promise<void>((resolve) => (finish = resolve));
    },
  };
  return { e, state, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("chat backlog", () => {
  it("runs one update per chat at a time, in order; other chats go meanwhile", async () => {
    const log: string[] = [];
    const backlog = createChatBacklog({ concurrency: 4, limit: 100, capacity: () => Infinity });
    const a1 = entry("-1", log, "a1");
    const a2 = entry("-1", log, "a2");
    const b1 = entry("7", log, "b1");
    await backlog.add(a1.e);
    await backlog.add(a2.e);
    await backlog.add(b1.e);
    expect(log).toEqual(["a1", "b1"]);
    expect(backlog.waiting()).toBe(1);
    a1.finish();
    await tick();
    expect(log).toEqual(["a1", "b1", "a2"]);
  });

  it("gives chats turns round robin when the account's concurrency is taken", async () => {
    const log: string[] = [];
    const backlog = createChatBacklog({ concurrency: 1, limit: 100, capacity: () => Infinity });
    const busy = [0, 1, 2, 3].map((n) => entry("-1", log, `busy${n}`));
    for (const b of busy) await backlog.add(b.e);
    const dm = entry("7", log, "dm");
    await backlog.add(dm.e);
    busy[0]!.finish();
    await tick();
    // The DM came after four questions of the busy group, and goes right after the first.
    expect(log).toEqual(["busy0", "dm"]);
    dm.finish();
    await tick();
    expect(log).toEqual(["busy0", "dm", "busy1"]);
  });

  it("runs a question over its chat's capacity at once, out of order; other updates always wait", async () => {
    const log: string[] = [];
    const backlog = createChatBacklog({ concurrency: 10, limit: 100, capacity: () => 2 });
    const held = [0, 1, 2].map((n) => entry("-1", log, `q${n}`));
    for (const h of held) await backlog.add(h.e);
    const over = entry("-1", log, "q3");
    const reaction = entry("-1", log, "reaction", false);
    await backlog.add(over.e);
    await backlog.add(reaction.e);
    // q0 runs, q1 and q2 wait (the capacity), q3 is over it: run at once, marked over.
    expect(log).toEqual(["q0", "q3!"]);
    expect(over.state.over).toBe(true);
    expect(backlog.view().chats).toEqual([
      { chatId: "-1", waiting: 3, oldestWaitSeconds: expect.any(Number) },
    ]);
  });

  it("holds at most `limit` updates: past it the caller waits for room, in order", async () => {
    const log: string[] = [];
    const backlog = createChatBacklog({ concurrency: 1, limit: 2, capacity: () => Infinity });
    const first = entry("-1", log, "first");
    await backlog.add(first.e);
    await backlog.add(entry("-1", log, "w1").e);
    await backlog.add(entry("-1", log, "w2").e);
    let roomGiven = false;
    const late = backlog.add(entry("-2", log, "late").e).then(() => (roomGiven = true));
    await tick();
    expect(roomGiven).toBe(false);
    expect(backlog.view()).toMatchObject({ waiting: 3, running: 1, limit: 2 });
    first.finish();
    await late;
    expect(roomGiven).toBe(true);
  });

  it("reports each chat's oldest wait by its clock, and says when a chat's backlog is gone", async () => {
    let now = 1000;
    const idle: string[] = [];
    const log: string[] = [];
    const backlog = createChatBacklog({
      concurrency: 1,
      limit: 100,
      capacity: () => Infinity,
      now: () => now,
      onIdle: (chat) => idle.push(chat),
    });
    const a = entry("-1", log, "a");
    const b = entry("-1", log, "b");
    await backlog.add(a.e);
    await backlog.add(b.e);
    now += 2500;
    expect(backlog.view()).toMatchObject({ waiting: 1, oldestWaitSeconds: 2.5 });
    a.finish();
    await tick();
    expect(idle).toEqual([]);
    b.finish();
    await tick();
    expect(idle).toEqual(["-1"]);
    expect(backlog.view()).toMatchObject({ waiting: 0, running: 0, chats: [] });
  });

  it("once closed, starts nothing more and lets a caller waiting for room go", async () => {
    const log: string[] = [];
    const backlog = createChatBacklog({ concurrency: 1, limit: 1, capacity: () => Infinity });
    const first = entry("-1", log, "first");
    await backlog.add(first.e);
    await backlog.add(entry("-1", log, "held").e);
    const waitingForRoom = backlog.add(entry("-2", log, "late").e);
    backlog.close();
    await waitingForRoom;
    first.finish();
    await tick();
    await backlog.add(entry("-3", log, "after").e);
    expect(log).toEqual(["first"]);
  });

  it("questions over capacity take at most a quarter of the concurrency: another chat still finds room", async () => {
    const log: string[] = [];
    const backlog = createChatBacklog({ concurrency: 4, limit: 100, capacity: () => 0 });
    const over = [0, 1, 2, 3].map((n) => entry("-1", log, `q${n}`));
    for (const o of over) await backlog.add(o.e);
    await backlog.add(entry("7", log, "dm", false).e);
    expect(log).toEqual(["q0!", "dm"]);
    over[0]!.finish();
    await tick();
    expect(log).toEqual(["q0!", "dm", "q1!"]);
  });
});
