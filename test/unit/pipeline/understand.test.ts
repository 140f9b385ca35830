import { describe, expect, it } from "vitest";
import { textsIn } from "../../../src/i18n/index.js";
import { createUnderstand, MEDIA_HINT_INTERVAL_MS } from "../../../src/pipeline/understand.js";

const MEDIA_HINT_TEXT =
  "I answer questions written as text. Please type your question (a photo or a document needs a caption saying what you want to know).";
const MENTION_HINT_TEXT =
  "Ask me something: write your question after the mention, for example “how do I restore a backup?”. /help lists what I can do.";
import { dm, group } from "../policy/fixtures.js";

function understanding() {
  const clock = { now: 1_000_000 };
  const understand = createUnderstand({ now: () => clock.now });
  return {
    understand: (msg: Parameters<typeof understand>[0]) => understand(msg, textsIn("en")),
    clock,
    raw: understand,
  };
}

describe("understand: what an admitted message asks", () => {
  it("a tap goes to the choice flow", () => {
    const { understand } = understanding();
    const tap = dm({ callback: { id: "q1", data: "c:abc:0" }, text: "", args: "" });
    expect(understand(tap)).toEqual({ as: "tap", msg: tap });
  });

  it("media without text gets the hint once per chat in its interval", () => {
    const { understand, clock } = understanding();
    const photo = dm({ content: "media", contentKind: "photo", text: "", args: "" });
    expect(understand(photo)).toEqual({
      as: "hint",
      reply: { kind: "media-hint", chunks: [MEDIA_HINT_TEXT] },
    });
    clock.now += MEDIA_HINT_INTERVAL_MS - 1;
    expect(understand(photo)).toEqual({ as: "hint", reply: { kind: "media-hint-suppressed", chunks: [] } });
    expect(understand(dm({ ...photo, chatId: 222, senderId: 222 }))).toMatchObject({
      reply: { kind: "media-hint" },
    });
    clock.now += 1;
    expect(understand(photo)).toMatchObject({ reply: { kind: "media-hint" } });
  });

  it("a bare mention gets “ask me something”; no question and no mention gets nothing", () => {
    const { understand } = understanding();
    const mention = group({ text: "@WikiBot", args: "", mentionsBot: true });
    expect(understand(mention)).toEqual({
      as: "hint",
      reply: { kind: "mention-hint", chunks: [MENTION_HINT_TEXT] },
    });
    expect(understand(dm({ text: "  ", args: "  " }))).toEqual({
      as: "hint",
      reply: { kind: "empty", chunks: [] },
    });
  });

  it("a command is asked as sent, even without arguments", () => {
    const { understand } = understanding();
    const help = dm({ text: "/help", args: "", command: "help" });
    expect(understand(help)).toEqual({ as: "asked", asked: help });
  });

  it("a mention replying to another user's question asks that question", () => {
    const { understand } = understanding();
    const own = group({ text: "@WikiBot how do I restore?", args: "how do I restore?", mentionsBot: true });
    expect(understand(own)).toEqual({ as: "asked", asked: own });
    const pointing = group({
      text: "@WikiBot can you answer this?",
      args: "can you answer this?",
      mentionsBot: true,
      repliedText: "Where is the VPN profile?",
    });
    expect(understand(pointing)).toEqual({
      as: "asked",
      asked: { ...pointing, args: "Where is the VPN profile?" },
    });
  });

  it("hints in the sender's language", () => {
    const { raw } = understanding();
    const photo = dm({ content: "media", contentKind: "photo", text: "", args: "" });
    expect(raw(photo, textsIn("de"))).toMatchObject({
      reply: { chunks: [expect.stringMatching(/^Ich beantworte Fragen/)] },
    });
    const mention = group({ text: "@WikiBot", args: "", mentionsBot: true });
    expect(raw(mention, textsIn("zh"))).toMatchObject({
      reply: { chunks: [expect.stringMatching(/^请向我提问/)] },
    });
  });
});
