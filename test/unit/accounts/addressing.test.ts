import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AddressingInput, detectAddressing, type Entity } from "../../../src/accounts/addressing.js";
import { BOT } from "../policy/fixtures.js";

const mention = (text: string, word: string, from = 0): Entity => ({
  type: "mention",
  offset: text.indexOf(word, from),
  length: word.length,
});

describe("detectAddressing: mentions", () => {
  it("reads a mention entity of the bot, case-insensitively, and removes it from args", () => {
    const text = "@wikibot what is VPN?";
    const a = detectAddressing({ text, entities: [mention(text, "@wikibot")] }, BOT);
    expect(a).toEqual({
      mentionsBot: true,
      repliesToBot: false,
      commandForOtherBot: false,
      args: "what is VPN?",
    });
  });

  it("slices entities in UTF-16 code units (emoji before the mention)", () => {
    const text = "😀👍🏽 hi @WikiBot vpn";
    // "😀" is 2 units, "👍🏽" 4 units: the mention starts at unit 10, code point 7.
    expect(text.indexOf("@WikiBot")).toBe(10);
    const a = detectAddressing({ text, entities: [{ type: "mention", offset: 10, length: 8 }] }, BOT);
    expect(a.mentionsBot).toBe(true);
    expect(a.args).toBe("😀👍🏽 hi vpn");
  });

  it("does not take a code-point offset for the mention", () => {
    const text = "😀👍🏽 hi @WikiBot vpn";
    const a = detectAddressing({ text, entities: [{ type: "mention", offset: 7, length: 8 }] }, BOT);
    expect(a.mentionsBot).toBe(false);
  });

  it("ignores a mention entity of another bot", () => {
    const text = "@OtherBot hello";
    const a = detectAddressing({ text, entities: [mention(text, "@OtherBot")] }, BOT);
    expect(a.mentionsBot).toBe(false);
    expect(a.args).toBe("@OtherBot hello");
  });

  it("ignores a mention entity of a longer username starting with the bot's", () => {
    const text = "@WikiBotter hello";
    const a = detectAddressing({ text, entities: [mention(text, "@WikiBotter")] }, BOT);
    expect(a.mentionsBot).toBe(false);
  });

  it("reads a text_mention of the bot's id and removes its text", () => {
    const text = "Wiki please help";
    const a = detectAddressing(
      { text, entities: [{ type: "text_mention", offset: 0, length: 4, user: { id: 999 } }] },
      BOT,
    );
    expect(a.mentionsBot).toBe(true);
    expect(a.args).toBe("please help");
  });

  it("ignores a text_mention of someone else", () => {
    const text = "Ann please help";
    const a = detectAddressing(
      { text, entities: [{ type: "text_mention", offset: 0, length: 3, user: { id: 5 } }] },
      BOT,
    );
    expect(a.mentionsBot).toBe(false);
  });

  it.each([
    ["hey @wikibot what is vpn", true, "hey what is vpn"],
    ["@WIKIBOT vpn", true, "vpn"],
    ["vpn, @WikiBot?", true, "vpn, ?"],
    ["mail me@wikibot please", false, "mail me@wikibot please"],
    ["@wikibotx vpn", false, "@wikibotx vpn"],
    ["@@wikibot vpn", false, "@@wikibot vpn"],
    ["no mention here", false, "no mention here"],
  ])("reads the standalone word in text without entities: %j", (text, mentions, args) => {
    const a = detectAddressing({ text }, BOT);
    expect(a.mentionsBot).toBe(mentions);
    expect(a.args).toBe(args);
  });

  it("does not read the bare word when the message carries entities (Telegram would have marked it)", () => {
    const text = "`@wikibot` is our bot";
    const a = detectAddressing({ text, entities: [{ type: "code", offset: 0, length: 10 }] }, BOT);
    expect(a.mentionsBot).toBe(false);
  });

  it("reads captions and caption entities", () => {
    const caption = "@WikiBot what is this";
    const a = detectAddressing({ caption, caption_entities: [mention(caption, "@WikiBot")] }, BOT);
    expect(a).toMatchObject({ mentionsBot: true, args: "what is this" });
  });
});

describe("detectAddressing: commands", () => {
  const cmd = (text: string, length: number): AddressingInput => ({
    text,
    entities: [{ type: "bot_command", offset: 0, length }],
  });

  it("/cmd@thisbot addresses the bot and mentions it", () => {
    expect(detectAddressing(cmd("/Search@wikibot vpn setup", 15), BOT)).toEqual({
      mentionsBot: true,
      repliesToBot: false,
      command: "search",
      commandNamesBot: true,
      commandForOtherBot: false,
      args: "vpn setup",
    });
  });

  it("a bare /cmd addresses the bot without mentioning it", () => {
    const a = detectAddressing(cmd("/help  topics", 5), BOT);
    expect(a).toMatchObject({
      mentionsBot: false,
      command: "help",
      commandForOtherBot: false,
      args: "topics",
    });
    // Every bot of a group receives a bare command: it does not name this one.
    expect(a.commandNamesBot).toBeUndefined();
  });

  it("/cmd@otherbot is for another bot", () => {
    const a = detectAddressing(cmd("/help@OtherBot vpn", 14), BOT);
    expect(a.command).toBeUndefined();
    expect(a.commandForOtherBot).toBe(true);
    expect(a.mentionsBot).toBe(false);
    expect(a.args).toBe("/help@OtherBot vpn");
  });

  it("/cmd@otherbot with a mention of this bot still mentions it", () => {
    const text = "/help@OtherBot @WikiBot";
    const a = detectAddressing(
      { text, entities: [{ type: "bot_command", offset: 0, length: 14 }, mention(text, "@WikiBot")] },
      BOT,
    );
    expect(a).toMatchObject({ mentionsBot: true, commandForOtherBot: true, args: "/help@OtherBot" });
    expect(a.command).toBeUndefined();
  });

  it("a command entity not at offset 0 is not a command", () => {
    const a = detectAddressing(
      { text: "see /help", entities: [{ type: "bot_command", offset: 4, length: 5 }] },
      BOT,
    );
    expect(a.command).toBeUndefined();
    expect(a.args).toBe("see /help");
  });

  it("a command and a mention: both removed from args", () => {
    const text = "/ask what is @WikiBot doing";
    const a = detectAddressing(
      { text, entities: [{ type: "bot_command", offset: 0, length: 4 }, mention(text, "@WikiBot")] },
      BOT,
    );
    expect(a).toMatchObject({ command: "ask", mentionsBot: true, args: "what is doing" });
  });

  it.each([
    ["/start", "start", false, "", undefined],
    ["/Start@WikiBot hi", "start", false, "hi", true],
    ["/start@other hi", undefined, true, "/start@other hi", undefined],
    ["/start@wikibot@x", undefined, false, "/start@wikibot@x", undefined],
    ["hi /start", undefined, false, "hi /start", undefined],
  ])("reads commands in text without entities: %j", (text, command, other, args, named) => {
    const a = detectAddressing({ text }, BOT);
    expect(a.command).toBe(command);
    expect(a.commandForOtherBot).toBe(other);
    expect(a.args).toBe(args);
    expect(a.commandNamesBot).toBe(named);
  });
});

describe("detectAddressing: replies and broken input", () => {
  it("reads a reply to the bot", () => {
    expect(
      detectAddressing({ text: "thanks", reply_to_message: { from: { id: 999 } } }, BOT).repliesToBot,
    ).toBe(true);
    expect(
      detectAddressing({ text: "thanks", reply_to_message: { from: { id: 5 } } }, BOT).repliesToBot,
    ).toBe(false);
    expect(detectAddressing({ text: "thanks", reply_to_message: {} }, BOT).repliesToBot).toBe(false);
  });

  // "hello @WikiBot": the mention is at offset 6, length 8; a valid bold entity keeps the text
  // fallback off, so only a well-formed mention entity could make mentionsBot true.
  const bold: Entity = { type: "bold", offset: 0, length: 5 };
  const addressed = (entity: unknown) =>
    detectAddressing({ text: "hello @WikiBot", entities: [bold, entity] } as unknown as AddressingInput, BOT);

  it("control: the well-formed entity is read", () => {
    expect(addressed({ type: "mention", offset: 6, length: 8 }).mentionsBot).toBe(true);
  });

  it.each([
    ["negative offset", { type: "mention", offset: -6, length: 8 }],
    ["offset past the end", { type: "mention", offset: 40, length: 8 }],
    ["length past the end", { type: "mention", offset: 6, length: 400 }],
    ["zero length", { type: "mention", offset: 6, length: 0 }],
    ["negative length", { type: "mention", offset: 14, length: -8 }],
    ["fractional offset", { type: "mention", offset: 6.5, length: 8 }],
    ["missing offset", { type: "mention", length: 8 }],
    ["missing type", { offset: 6, length: 8 }],
    ["string offset", { type: "mention", offset: "6", length: 8 }],
    ["NaN length", { type: "mention", offset: 6, length: Number.NaN }],
    ["text_mention without user", { type: "text_mention", offset: 6, length: 8 }],
    ["null entity", null],
    ["string entity", "mention"],
  ])("ignores a broken entity: %s", (_name, entity) => {
    const a = addressed(entity);
    expect(a.mentionsBot).toBe(false);
    expect(a.args).toBe("hello @WikiBot");
  });

  it("reads the text itself when no entity is well-formed", () => {
    const input = { text: "hello @WikiBot", entities: [{ type: "mention", offset: 60, length: 8 }, null] };
    expect(detectAddressing(input as unknown as AddressingInput, BOT)).toMatchObject({
      mentionsBot: true,
      args: "hello",
    });
  });

  it("never throws, whatever the message holds", () => {
    const anyEntity = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom("mention", "text_mention", "bot_command", "bold"),
        offset: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.double(), fc.constant(undefined)),
        length: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.double(), fc.constant(undefined)),
        user: fc.oneof(fc.constant(undefined), fc.record({ id: fc.oneof(fc.constant(999), fc.anything()) })),
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom("/help@WikiBot @wikibot 😀", "😀@WikiBot"), fc.anything()),
        fc.oneof(fc.array(anyEntity, { maxLength: 6 }), fc.anything()),
        fc.anything(),
        (text, entities, reply) => {
          const input = { text, entities, reply_to_message: reply } as unknown as AddressingInput;
          const a = detectAddressing(input, BOT);
          expect(typeof a.args).toBe("string");
          expect(a.args).toBe(a.args.trim());
          expect(typeof a.mentionsBot).toBe("boolean");
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("handles a message without text", () => {
    expect(detectAddressing({}, BOT)).toEqual({
      mentionsBot: false,
      repliesToBot: false,
      commandForOtherBot: false,
      args: "",
    });
  });
});
