import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import type { DenyReason } from "../../../src/policy/decision.js";
import { createDenialLogger } from "../../../src/policy/denial-log.js";
import { dm, group } from "./fixtures.js";

const deny = (reason: DenyReason) => ({ allow: false as const, reason });

function setup(intervalMs?: number) {
  const memory = createMemoryLogger("debug");
  let clock = 1_000_000;
  const counted: [DenyReason, string][] = [];
  const denials = createDenialLogger(memory.logger, {
    ...(intervalMs === undefined ? {} : { intervalMs }),
    now: () => clock,
    onDenied: (reason, account) => void counted.push([reason, account]),
  });
  return {
    denials,
    counted,
    lines: () => memory.lines().filter((l) => l.msg === "message denied"),
    text: memory.text,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("denial logger", () => {
  it("logs a denial at info level with account, chat, sender and reason, never the text", () => {
    const t = setup();
    expect(t.denials.record(group({ text: "secret plans" }), deny("not-addressed"))).toBe(true);
    expect(t.lines()).toHaveLength(1);
    expect(t.lines()[0]).toMatchObject({
      level: 30,
      account: "main",
      chatId: -1001,
      chatType: "supergroup",
      senderId: 111,
      reason: "not-addressed",
    });
    expect(t.text()).not.toContain("secret plans");
  });

  it("names the forum topic of a denied topic message", () => {
    const t = setup();
    t.denials.record(group({ forum: true, threadId: 7 }), deny("topic-disabled"));
    t.denials.record(group({ chatId: -1002 }), deny("not-addressed"));
    expect(t.lines()[0]).toMatchObject({ reason: "topic-disabled", threadId: 7 });
    expect(t.lines()[1]).not.toHaveProperty("threadId");
  });

  it("logs at most once per (account, chat, reason) per interval and counts the suppressed ones", () => {
    const t = setup();
    expect(t.denials.record(group(), deny("not-addressed"))).toBe(true);
    expect(t.denials.record(group({ senderId: 5 }), deny("not-addressed"))).toBe(false);
    t.advance(59_999);
    expect(t.denials.record(group(), deny("not-addressed"))).toBe(false);
    t.advance(1);
    expect(t.denials.record(group(), deny("not-addressed"))).toBe(true);
    expect(t.lines()).toHaveLength(2);
    expect(t.lines()[0]!.suppressed).toBeUndefined();
    expect(t.lines()[1]!.suppressed).toBe(2);
    t.advance(60_000);
    expect(t.denials.record(group(), deny("not-addressed"))).toBe(true);
    expect(t.lines()[2]!.suppressed).toBeUndefined();
  });

  it("keeps chats, reasons and accounts apart", () => {
    const t = setup();
    expect(t.denials.record(group(), deny("not-addressed"))).toBe(true);
    expect(t.denials.record(group({ chatId: -1002 }), deny("not-addressed"))).toBe(true);
    expect(t.denials.record(group(), deny("group-sender-not-allowed"))).toBe(true);
    expect(t.denials.record(group({ account: "vera" }), deny("not-addressed"))).toBe(true);
    expect(t.denials.record(dm(), deny("dm-pairing-pending"))).toBe(true);
    expect(t.lines()).toHaveLength(5);
  });

  it("counts every denial through onDenied, logged or not, and ignores allowed decisions", () => {
    const t = setup(1000);
    t.denials.record(group(), deny("not-addressed"));
    t.denials.record(group(), deny("not-addressed"));
    t.denials.record(dm({ account: "vera" }), deny("dm-not-allowed"));
    expect(t.denials.record(dm(), { allow: true, via: "open" })).toBe(false);
    expect(t.counted).toEqual([
      ["not-addressed", "main"],
      ["not-addressed", "main"],
      ["dm-not-allowed", "vera"],
    ]);
    expect(t.lines()).toHaveLength(2);
  });

  it("keeps logging when the counting hook throws", () => {
    const { logger, lines } = createMemoryLogger();
    const denials = createDenialLogger(logger, {
      onDenied: () => {
        throw new Error("metrics down");
      },
    });
    expect(denials.record(dm(), deny("dm-disabled"))).toBe(true);
    expect(lines().filter((l) => l.reason === "dm-disabled")).toHaveLength(1);
  });
});
