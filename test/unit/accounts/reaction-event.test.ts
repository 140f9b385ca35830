import { describe, expect, it } from "vitest";
import { toReactionEvent as reduce } from "../../../src/accounts/reaction-event.js";
import { ignoredReason } from "../../../src/accounts/update-processor.js";
import { ALLOWED_UPDATES } from "../../../src/accounts/to-inbound.js";
import { isUpdate } from "../../../src/accounts/journal/update-shape.js";

/** Updates as they may arrive (the journal and stand-ins check only the envelope). */
function toReactionEvent(update: unknown) {
  if (!isUpdate(update)) throw new Error("test input lacks an update_id");
  return reduce(update, "default");
}

const team = { id: -1001, type: "supergroup", title: "Team" };
const ada = { id: 7, is_bot: false, first_name: "Ada" };
const reaction = (fields: Record<string, unknown>) => ({
  update_id: 5,
  message_reaction: {
    chat: team,
    message_id: 42,
    user: ada,
    date: 1_700_000_000,
    old_reaction: [],
    new_reaction: [{ type: "emoji", emoji: "👍" }],
    ...fields,
  },
});

describe("toReactionEvent", () => {
  it("reads a user's reaction as Telegram sends it", () => {
    expect(toReactionEvent(reaction({}))).toEqual({
      account: "default",
      updateId: 5,
      chatId: -1001,
      chatType: "supergroup",
      messageId: 42,
      userId: 7,
      userIsBot: false,
      oldEmoji: [],
      newEmoji: ["👍"],
      date: 1_700_000_000,
    });
  });

  it("keeps the old and new emoji; custom emoji and paid reactions are dropped", () => {
    const event = toReactionEvent(
      reaction({
        old_reaction: [
          { type: "emoji", emoji: "👍" },
          { type: "custom_emoji", custom_emoji_id: "5368" },
        ],
        new_reaction: [{ type: "paid" }, { type: "emoji", emoji: "👎" }, { type: "emoji" }, null],
      }),
    );
    expect(event).toMatchObject({ oldEmoji: ["👍"], newEmoji: ["👎"] });
  });

  it("an anonymous reaction carries the chat it was made as, and no user", () => {
    const event = toReactionEvent(reaction({ user: undefined, actor_chat: team }));
    expect(event).toMatchObject({ actorChatId: -1001, userIsBot: false });
    expect(event?.userId).toBeUndefined();
  });

  it.each([
    ["no chat", { chat: undefined }],
    ["a channel", { chat: { id: -1002, type: "channel", title: "News" } }],
    ["no message id", { message_id: "42" }],
    ["neither user nor actor chat", { user: undefined }],
  ])("is undefined for %s", (_name, fields) => {
    expect(toReactionEvent(reaction(fields))).toBeUndefined();
  });

  it("is undefined for other updates; message_reaction is asked for, the counts are not", () => {
    expect(toReactionEvent({ update_id: 1, message: { message_id: 1 } })).toBeUndefined();
    expect(ALLOWED_UPDATES).toContain("message_reaction");
    expect(ALLOWED_UPDATES).not.toContain("message_reaction_count");
    expect(ignoredReason({ update_id: 1, message_reaction: {} } as never)).toBe("unusable-reaction");
  });
});
