import { describe, expect, it } from "vitest";
import { hasQuestion, pairingReply } from "../../../src/pipeline/pairing-flow.js";
import { dm } from "../policy/fixtures.js";

describe("a kept pairing message without text", () => {
  const sticker = dm({ content: "media", contentKind: "sticker", text: "", args: "" });
  const photo = dm({
    content: "caption",
    contentKind: "photo",
    text: "what is this error?",
    args: "what is this error?",
  });

  it("is not promised an answer", () => {
    const text = pairingReply(sticker, { kind: "created", code: "ABCDEFGH" } as never)!;
    expect(text).not.toMatch(/kept and answered/);
    expect(text).toMatch(/send your question as text/);
    expect(hasQuestion(sticker)).toBe(false);
  });

  it("a captioned photo or a text is", () => {
    expect(pairingReply(photo, { kind: "created", code: "ABCDEFGH" } as never)).toMatch(/kept and answered/);
    expect(hasQuestion(photo)).toBe(true);
    expect(hasQuestion(dm())).toBe(true);
  });
});
