import { describe, expect, it } from "vitest";
import type { Decision } from "../../../src/policy/decision.js";
import { EDIT_WINDOW_MS, decideEdit } from "../../../src/policy/edit-rule.js";
import type { RememberedReply } from "../../../src/state/reply-memory.js";

const SENT = 1_700_000_000;
const inWindow = { date: SENT, editDate: SENT + 60 };
const late = { date: SENT, editDate: SENT + EDIT_WINDOW_MS / 1000 + 1 };
const allowed: Decision = { allow: true, via: "group" };
const notAddressed: Decision = { allow: false, reason: "not-addressed" };
const notListed: Decision = { allow: false, reason: "group-not-listed" };
const pairing: Decision = { allow: false, reason: "dm-pairing-pending", pairing: true };
const was = (outcome: RememberedReply["outcome"], replyId?: number): RememberedReply => ({
  outcome,
  at: SENT * 1000,
  ...(replyId !== undefined ? { replyId } : {}),
});

describe("decideEdit: which edits are answered again", () => {
  const table: Array<[string, typeof inWindow, Decision, RememberedReply | undefined, unknown]> = [
    ["adds the mention to a message the bot never saw", inWindow, allowed, undefined, { answer: true }],
    [
      "adds the mention to a message denied as not addressed",
      inWindow,
      allowed,
      was("not-addressed"),
      { answer: true },
    ],
    [
      "changes a question that got nothing found",
      inWindow,
      allowed,
      was("nothing", 77),
      { answer: true, replaces: 77 },
    ],
    [
      "changes a question that got only choices",
      inWindow,
      allowed,
      was("choices", 78),
      { answer: true, replaces: 78 },
    ],
    ["changes a question whose reply id is unknown", inWindow, allowed, was("nothing"), { answer: true }],
    [
      "changes a question already answered",
      inWindow,
      allowed,
      was("answered", 5),
      { allow: false, reason: "edit-already-answered" },
    ],
    ["comes after the window", late, allowed, was("nothing", 77), { allow: false, reason: "edit-too-late" }],
    [
      "comes after the window, never seen",
      late,
      allowed,
      undefined,
      { allow: false, reason: "edit-too-late" },
    ],
    [
      "removes the mention",
      inWindow,
      notAddressed,
      was("answered", 5),
      { allow: false, reason: "edit-not-addressed" },
    ],
    [
      "never addressed the bot",
      inWindow,
      notAddressed,
      was("not-addressed"),
      { allow: false, reason: "edit-not-addressed" },
    ],
    [
      "is in a chat the policy denies",
      inWindow,
      notListed,
      undefined,
      { allow: false, reason: "edit-not-allowed", cause: "group-not-listed" },
    ],
    [
      "is a DM of an unknown sender (no pairing from an edit)",
      inWindow,
      pairing,
      undefined,
      { allow: false, reason: "edit-not-allowed", cause: "dm-pairing-pending" },
    ],
  ];
  it.each(table)("an edit that %s", (_name, dates, decision, remembered, expected) => {
    expect(decideEdit(dates, decision, remembered)).toEqual(expected);
  });

  it("counts the window from when the message was sent, to the second", () => {
    const edge = { date: SENT, editDate: SENT + EDIT_WINDOW_MS / 1000 };
    expect(decideEdit(edge, allowed, undefined)).toEqual({ answer: true });
  });
});
