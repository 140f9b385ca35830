import { describe, expect, it } from "vitest";
import type { Reply } from "../../../src/core/reply.js";
import { heardQuote, QUOTE_LENGTH, withHeard } from "../../../src/pipeline/heard-quote.js";

describe("heard-quote: what was heard shown first", () => {
  it("quotes the transcript short and escaped", () => {
    expect(heardQuote({ via: "voice", text: "how do I undo <my> last commit" })).toBe(
      "🎤 «how do I undo &lt;my&gt; last commit»",
    );
    expect(heardQuote({ via: "picture", text: "fatal: refusing to merge" })).toBe(
      "📷 «fatal: refusing to merge»",
    );
    const long = heardQuote({ via: "voice", text: "слово ".repeat(60) });
    expect([...long].slice(3, -1).length).toBe(QUOTE_LENGTH);
    expect(long.endsWith("…»")).toBe(true);
  });

  it("puts it above the first chunk, leaves out the rich alternative, and keeps silence silent", () => {
    const answer: Reply = {
      kind: "answer",
      chunks: ["<b>Backups</b>", "more"],
      rich: { blocks: [] } as never,
    };
    const out = withHeard(answer, { via: "voice", text: "restore" });
    expect(out).toEqual({ kind: "answer", chunks: ["🎤 «restore»\n\n<b>Backups</b>", "more"] });
    expect(withHeard(answer, undefined)).toBe(answer);
    const empty: Reply = { kind: "empty", chunks: [] };
    expect(withHeard(empty, { via: "voice", text: "x" })).toBe(empty);
    const full: Reply = { kind: "not-found", chunks: ["x".repeat(4090)] };
    expect(withHeard(full, { via: "voice", text: "restore" }).chunks).toEqual([
      "🎤 «restore»",
      "x".repeat(4090),
    ]);
  });
});
