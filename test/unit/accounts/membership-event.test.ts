import { describe, expect, it } from "vitest";
import { toMembershipEvent as reduce } from "../../../src/accounts/membership-event.js";
import { isUpdate } from "../../../src/accounts/journal/update-shape.js";

/** Updates as they may arrive (the journal and stand-ins check only the envelope). */
function toMembershipEvent(update: unknown) {
  if (!isUpdate(update)) throw new Error("test input lacks an update_id");
  return reduce(update);
}

const update = (
  chat: Record<string, unknown>,
  old: Record<string, unknown>,
  now: Record<string, unknown>,
) => ({
  update_id: 1,
  my_chat_member: {
    chat,
    from: { id: 7, is_bot: false, first_name: "Ada" },
    date: 1,
    old_chat_member: { user: { id: 42, is_bot: true }, ...old },
    new_chat_member: { user: { id: 42, is_bot: true }, ...now },
  },
});
const dm = { id: 7, type: "private", first_name: "Ada" };
const team = { id: -1001, type: "supergroup", title: "Team" };

describe("toMembershipEvent", () => {
  it.each([
    ["blocked", dm, "member", "kicked", "blocked"],
    ["unblocked", dm, "kicked", "member", "unblocked"],
    ["removed by an admin", team, "member", "kicked", "removed"],
    ["left", team, "administrator", "left", "removed"],
    ["added", team, "left", "member", "added"],
    ["added as admin", team, "left", "administrator", "added"],
  ])("%s", (_name, chat, old, now, change) => {
    expect(toMembershipEvent(update(chat, { status: old }, { status: now }))).toMatchObject({
      chatId: chat.id,
      change,
      byId: 7,
    });
  });

  it("ignores changes that keep the bot in (a promotion), other updates and malformed ones", () => {
    expect(
      toMembershipEvent(update(team, { status: "member" }, { status: "administrator" })),
    ).toBeUndefined();
    expect(toMembershipEvent({ update_id: 1, message: {} })).toBeUndefined();
    expect(toMembershipEvent({ update_id: 1, my_chat_member: { chat: { id: "x" } } })).toBeUndefined();
    expect(toMembershipEvent({ update_id: 1, my_chat_member: null })).toBeUndefined();
  });

  it("a restricted bot that is no longer a member was removed", () => {
    expect(
      toMembershipEvent(update(team, { status: "member" }, { status: "restricted", is_member: false })),
    ).toMatchObject({ change: "removed" });
  });
});
