import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import { inlineCheck } from "../../../src/accounts/inline-check.js";
import { toInboundMessage } from "../../../src/accounts/to-inbound.js";
import { toChosenInlineResult, toInlineQuery } from "../../../src/accounts/to-inline.js";
import { ALLOWED_UPDATES } from "../../../src/accounts/to-inbound.js";

const from = { id: 111, is_bot: false, first_name: "Ada" };

describe("inline updates", () => {
  it("asks Telegram for inline queries and chosen results", () => {
    expect(ALLOWED_UPDATES).toContain("inline_query");
    expect(ALLOWED_UPDATES).toContain("chosen_inline_result");
  });

  it("reads an inline query and a chosen result", () => {
    const update = {
      update_id: 5,
      inline_query: { id: "77", from, query: "tar x", offset: "", chat_type: "supergroup" },
    } as Update;
    expect(toInlineQuery(update, "main")).toEqual({
      account: "main",
      updateId: 5,
      queryId: "77",
      senderId: 111,
      senderIsBot: false,
      query: "tar x",
      chatType: "supergroup",
    });
    const chosen = { update_id: 6, chosen_inline_result: { result_id: "p3", from, query: "tar" } } as Update;
    expect(toChosenInlineResult(chosen, "main")).toEqual({
      account: "main",
      updateId: 6,
      resultId: "p3",
      senderId: 111,
      query: "tar",
    });
  });

  it("never throws on malformed ones", () => {
    const bad = [
      { update_id: 1, inline_query: null },
      { update_id: 1, inline_query: { id: 5 } },
      { update_id: 1, inline_query: { id: "" } },
      { update_id: 1, chosen_inline_result: { from } },
      { update_id: 1 },
    ] as unknown as Update[];
    for (const u of bad) {
      expect(toInlineQuery(u, "main")).toBeUndefined();
      expect(toChosenInlineResult(u, "main")).toBeUndefined();
    }
    expect(
      toInlineQuery({ update_id: 1, inline_query: { id: "9" } } as unknown as Update, "m"),
    ).toMatchObject({
      query: "",
      senderIsBot: false,
    });
  });

  it("a message sent through this bot's inline mode is not a question; through another bot it is", () => {
    const bot = { id: 999, username: "WikiBot", firstName: "Wiki", canReadAllGroupMessages: false };
    const message = (viaId: number) =>
      ({
        update_id: 3,
        message: {
          message_id: 4,
          date: 1,
          chat: { id: 111, type: "private", first_name: "Ada" },
          from,
          text: "Tar\n\nExtract",
          via_bot: { id: viaId, is_bot: true, first_name: "B", username: "b" },
        },
      }) as Update;
    expect(toInboundMessage(message(999), bot, "main")).toBeUndefined();
    expect(toInboundMessage(message(555), bot, "main")).toBeDefined();
  });
});

describe("doctor's inline mode check", () => {
  const me = (supports: boolean) =>
    ({
      id: 1,
      is_bot: true,
      first_name: "W",
      username: "wiki_bot",
      supports_inline_queries: supports,
    }) as UserFromGetMe;

  it("warns when the gateway would answer inline queries but BotFather has inline mode off, with the steps", () => {
    const check = inlineCheck("main", {}, me(false));
    expect(check).toMatchObject({ check: "inline mode", status: "warn" });
    expect(check.fix).toContain("/setinline");
    expect(check.fix).toContain("inline: false on account main");
  });

  it("is ok when both agree, and says so when gateway.json turns it off", () => {
    expect(inlineCheck("main", { inline: true }, me(true))).toMatchObject({ status: "ok", detail: /^on/ });
    expect(inlineCheck("main", { inline: false }, me(true))).toMatchObject({
      status: "ok",
      detail: /inline: false/,
    });
    expect(inlineCheck("main", { inline: false }, me(false))).toMatchObject({ status: "ok", detail: /^off/ });
  });
});
