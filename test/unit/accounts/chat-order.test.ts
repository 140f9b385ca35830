import { describe, expect, it } from "vitest";
import { createChatOrder } from "../../../src/accounts/chat-order.js";

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the order of a chat's updates", () => {
  it("lets a chat's turns go one after another, and other chats at once", async () => {
    const order = createChatOrder();
    const went: string[] = [];
    const a1 = order.reserve("a");
    const a2 = order.reserve("a");
    const b1 = order.reserve("b");
    void a2.ready.then(() => went.push("a2"));
    void b1.ready.then(() => went.push("b1"));
    await a1.ready;
    await tick();
    expect(went).toEqual(["b1"]);
    a1.release();
    await tick();
    expect(went).toEqual(["b1", "a2"]);
  });

  it("a turn released before it was ready never lets a later one overtake an earlier one", async () => {
    const order = createChatOrder();
    const went: string[] = [];
    const first = order.reserve("a");
    const tap = order.reserve("a");
    const after = order.reserve("a");
    void tap.ready.then(() => went.push("tap ready"));
    void after.ready.then(() => went.push("after"));
    // The tap's work ended (it was answered) while the first update still runs.
    tap.release();
    tap.release();
    await tick();
    expect(went).toEqual([]);
    first.release();
    await tick();
    expect(went).toEqual(["tap ready", "after"]);
  });

  it("forgets a chat once its last turn passed", async () => {
    const order = createChatOrder();
    const one = order.reserve("a");
    const two = order.reserve("a");
    expect(order.size()).toBe(1);
    one.release();
    await tick();
    expect(order.size()).toBe(1);
    two.release();
    await tick();
    expect(order.size()).toBe(0);
    const three = order.reserve("a");
    await three.ready;
    three.release();
    await tick();
    expect(order.size()).toBe(0);
  });
});
