import { describe, expect, it } from "vitest";
import { type Reply, REPLY_KINDS } from "../../../src/core/reply.js";
import { createRecorder, EDIT_OUTCOMES, QUESTION_OUTCOMES } from "../../../src/pipeline/record.js";
import type { RememberedReply } from "../../../src/state/reply-memory.js";
import { dm } from "../policy/fixtures.js";

function recording() {
  const counted: unknown[] = [];
  const confidence: unknown[] = [];
  const gaps: unknown[] = [];
  const remembered: Array<{ messageId: number } & RememberedReply> = [];
  const votesOn: unknown[] = [];
  const recorder = createRecorder({
    metrics: {
      answers: { inc: (labels) => void counted.push(labels) },
      answerConfidence: { inc: (labels) => void confidence.push(labels) },
    },
    gaps: { append: (entry) => void gaps.push(entry) },
    feedback: { answered: (_at, agent, page, ids) => void votesOn.push({ agent, page, ids }) },
    replies: { remember: (key, entry) => void remembered.push({ messageId: key.messageId, ...entry }) },
    now: () => 5_000,
  });
  return { recorder, counted, confidence, gaps, remembered, votesOn };
}

const question = dm({ text: "vpn?", args: "vpn?", messageId: 10, date: 100 });
const sent = { messageId: 70, messageIds: [70, 71] };
const page = { path: "ops/vpn", locale: "en", title: "VPN" };

describe("record: what came of a message", () => {
  it("an answer: counted under its agent and kind, its page kept for reactions on every message of it, remembered as answered", () => {
    const r = recording();
    r.recorder.delivered(question, { reply: { kind: "answer", chunks: ["x"], page }, sent }, "main");
    expect(r.counted).toEqual([{ account: "main", agent: "main", kind: "answer" }]);
    expect(r.confidence).toEqual([{ account: "main", agent: "main", outcome: "answered" }]);
    expect(r.gaps).toEqual([]);
    expect(r.votesOn).toEqual([{ agent: "main", page, ids: [70, 71] }]);
    expect(r.remembered).toEqual([{ messageId: 10, outcome: "answered", at: 100_000, replyId: 70 }]);
  });

  it("nothing found and choices go to the gap log with the question; a command's reply does not", () => {
    const r = recording();
    r.recorder.delivered(question, { reply: { kind: "not-found", chunks: ["no"] }, sent }, "main");
    r.recorder.delivered(
      question,
      { reply: { kind: "choices", chunks: ["?"], choices: [page] }, sent },
      "main",
    );
    const search = dm({ text: "/search vpn", args: "vpn", command: "search" });
    r.recorder.delivered(search, { reply: { kind: "command", chunks: ["1."] }, sent }, "main");
    expect(r.gaps).toEqual([
      { agent: "main", kind: "nothing", question: "vpn?" },
      { agent: "main", kind: "choices", question: "vpn?" },
    ]);
    expect(r.confidence).toHaveLength(2);
    expect(r.remembered.map((m) => m.outcome)).toEqual(["nothing", "choices", "answered"]);
  });

  it("the pipeline's own hints are counted without an agent, and never as questions", () => {
    const r = recording();
    const hints: Reply[] = [
      { kind: "mention-hint", chunks: ["ask"] },
      { kind: "empty", chunks: [] },
      { kind: "media-hint-suppressed", chunks: [] },
    ];
    for (const reply of hints) r.recorder.delivered(question, { reply, sent: undefined });
    expect(r.counted).toEqual(hints.map((h) => ({ account: "main", kind: h.kind })));
    expect(r.confidence).toEqual([]);
    // The suppressed media hint leaves nothing for an edit to know.
    expect(r.remembered.map((m) => m.outcome)).toEqual(["nothing", "nothing"]);
  });

  it("a tap is never remembered; a message without a date is remembered at the clock", () => {
    const r = recording();
    r.recorder.remember(dm({ callback: { id: "q", data: "c:x:0" } }), "answered");
    r.recorder.remember(dm({ date: 0 }), "not-addressed");
    expect(r.remembered).toEqual([{ messageId: 10, outcome: "not-addressed", at: 5_000 }]);
  });

  it("every kind says what it means to an edit and to the confidence metric", () => {
    expect(Object.keys(EDIT_OUTCOMES).sort()).toEqual([...REPLY_KINDS].sort());
    expect(Object.keys(QUESTION_OUTCOMES).sort()).toEqual([...REPLY_KINDS].sort());
  });
});
