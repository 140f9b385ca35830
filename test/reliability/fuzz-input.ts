import fc from "fast-check";

/**
 * Generators of hostile Telegram updates for the fuzz tests: well-formed messages with odd texts
 * and broken entities, malformed messages (fields missing or of the wrong type) and unknown kinds.
 */
export interface FuzzWorld {
  userId: number;
  strangerId: number;
  groupId: number;
  botUsername: string;
}

const ODD = [
  "\u0000",
  "\uD800",
  "\uDFFF",
  "\u202E",
  "\u200B\u200D",
  "\uFEFF",
  "e\u0301\u0301\u0301",
  "👩‍👩‍👧‍👦",
  "🏳️‍🌈",
  "𝕳𝖊𝖑𝖑𝖔",
  "ﷺ",
  "<b>",
  "&amp;",
  "</code>",
  "${}",
  "\\",
  "\r\n",
  "/start@",
  "@",
];

export const text = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.array(fc.constantFrom(...ODD), { maxLength: 12 }).map((parts) => parts.join("")),
  fc.integer({ min: 4000, max: 20_000 }).map((n) => "backup ".repeat(Math.ceil(n / 7)).slice(0, n)),
  fc.constantFrom(
    "/start",
    "/help",
    "/search backup",
    "/page guides/backup",
    "/whoami",
    "/recent",
    "/nope",
    "how do I restore a backup?",
  ),
);

const entity = fc.record(
  {
    type: fc.oneof(
      fc.constantFrom("mention", "bot_command", "text_link", "text_mention", "url", "bold"),
      fc.string(),
    ),
    offset: fc.oneof(
      fc.integer({ min: -5, max: 50 }),
      fc.constant(1e9),
      fc.constant(Number.NaN),
      fc.string() as fc.Arbitrary<never>,
    ),
    length: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constant(1e9)),
    url: fc.constantFrom("javascript:alert(1)", "http://x", ""),
    user: fc.constantFrom(undefined, null, { id: "x" }, { id: 1 }),
  },
  { requiredKeys: ["type", "offset"] },
);

const entities = fc.oneof(
  fc.constant(undefined),
  fc.array(entity, { maxLength: 4 }),
  fc.constantFrom(null, "x", 7, {}),
);

export interface FuzzCase {
  kind: "message" | "malformed" | "unknown";
  update: Record<string, unknown>;
  /** For message cases: the chat and the message id to match a reply. */
  chatId?: number;
  messageId?: number;
}

/** Cases; message ids are assigned by the caller (unique per chat) through `messageId`. */
export function fuzzCase(
  world: FuzzWorld,
): fc.Arbitrary<Omit<FuzzCase, "messageId"> & { build: (messageId: number) => Record<string, unknown> }> {
  const chats = fc.constantFrom(
    { id: world.userId, type: "private", from: world.userId },
    { id: world.strangerId, type: "private", from: world.strangerId },
    { id: 90_000_001, type: "private", from: 90_000_001 },
    { id: world.groupId, type: "supergroup", from: world.userId },
    { id: world.groupId, type: "supergroup", from: world.strangerId },
    { id: -1009999999999, type: "supergroup", from: world.userId },
    { id: -42, type: "group", from: world.userId },
    { id: -1001111111111, type: "channel", from: 0 },
  );
  const message = fc
    .record({ chat: chats, text, entities, mention: fc.boolean(), caption: fc.boolean() })
    .map((m) => ({
      kind: "message" as const,
      update: {},
      chatId: m.chat.id,
      build: (messageId: number) => {
        const body = m.mention ? `@${world.botUsername} ${m.text}` : m.text;
        const msg: Record<string, unknown> = {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: {
            id: m.chat.id,
            type: m.chat.type,
            ...(m.chat.type === "private" ? { first_name: "F" } : { title: "T" }),
          },
          ...(m.chat.from
            ? { from: { id: m.chat.from, is_bot: false, first_name: "Fuzz" } }
            : { sender_chat: { id: m.chat.id, type: "channel" } }),
          ...(m.caption
            ? { caption: body, caption_entities: m.entities }
            : { text: body, entities: m.entities }),
        };
        return m.chat.type === "channel" ? { channel_post: msg } : { message: msg };
      },
    }));
  const junk = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.string({ maxLength: 5 }),
    fc.integer(),
    fc.constant({}),
    fc.constant([]),
  );
  const malformed = fc
    .record({
      chat: junk,
      from: junk,
      text: fc.oneof(text, junk),
      date: junk,
      which: fc.constantFrom("chat", "type", "from", "all"),
    })
    .map((m) => ({
      kind: "malformed" as const,
      update: {},
      build: (messageId: number) => {
        const msg: Record<string, unknown> = {
          message_id: m.which === "all" ? m.text : messageId,
          date: m.date,
          text: m.text,
          chat:
            m.which === "chat" || m.which === "all"
              ? m.chat
              : { id: world.userId, type: m.which === "type" ? m.from : "private" },
          from:
            m.which === "from" || m.which === "all"
              ? m.from
              : { id: world.userId, is_bot: false, first_name: "F" },
        };
        return { message: msg };
      },
    }));
  const unknown = fc
    .record({
      key: fc.oneof(
        fc.constantFrom(
          "callback_query",
          "poll",
          "chat_join_request",
          "message_reaction",
          "business_message",
          "inline_query",
        ),
        fc.string({ minLength: 1, maxLength: 10 }),
      ),
      value: fc.jsonValue({ maxDepth: 2 }),
    })
    .filter((u) => !["message", "edited_message", "channel_post", "update_id", "__proto__"].includes(u.key))
    .map((u) => ({ kind: "unknown" as const, update: {}, build: () => ({ [u.key]: u.value }) }));
  return fc.oneof(
    { arbitrary: message, weight: 6 },
    { arbitrary: malformed, weight: 2 },
    { arbitrary: unknown, weight: 2 },
  );
}
