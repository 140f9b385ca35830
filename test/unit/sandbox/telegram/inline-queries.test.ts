import { afterEach, describe, expect, it } from "vitest";
import { startSandbox } from "./helpers.js";

type Started = Awaited<ReturnType<typeof startSandbox>>;
let current: Started | undefined;
let clock = 1_800_000_000_000;
const start = async () => {
  current = await startSandbox({ now: () => clock });
  current.sandbox.setBotInline(current.bot.username, true);
  return current;
};
afterEach(async () => {
  await current?.sandbox.close();
  current = undefined;
});

const article = (id: string, text = `<b>Page ${id}</b>`) => ({
  type: "article",
  id,
  title: `Page ${id}`,
  input_message_content: { message_text: text, parse_mode: "HTML" },
});

describe("inline mode", () => {
  it("getMe says whether inline mode is on; with it off no inline query reaches the bot", async () => {
    const { sandbox, call, bot, user } = (current = await startSandbox());
    expect((await call("getMe")).body.result.supports_inline_queries).toBe(false);
    expect(() => sandbox.inlineQuery({ from: user.id, bot: bot.username, query: "x" })).toThrow(
      /inline mode is off/,
    );
    sandbox.setBotInline(bot.username, true);
    expect((await call("getMe")).body.result.supports_inline_queries).toBe(true);
  });

  it("an inline query reaches the bot as Telegram sends it; the answer is taken once", async () => {
    const { sandbox, call, bot, user } = await start();
    const group = sandbox.addGroup({ title: "Team", members: [user.id] });
    const { inlineQueryId, deliveredTo } = sandbox.inlineQuery({
      from: user.id,
      bot: bot.username,
      query: "tar x",
      chat: group.id,
    });
    expect(deliveredTo).toEqual([bot.username]);
    const updates = (await call("getUpdates", { timeout: 0 })).body.result as any[];
    expect(updates.at(-1).inline_query).toEqual({
      id: inlineQueryId,
      from: { id: user.id, is_bot: false, first_name: "Ada", username: "ada", language_code: "en" },
      query: "tar x",
      offset: "",
      chat_type: "supergroup",
    });
    const ok = await call("answerInlineQuery", {
      inline_query_id: inlineQueryId,
      results: [article("p1"), article("p2")],
      cache_time: 5,
      is_personal: true,
    });
    expect(ok.body).toEqual({ ok: true, result: true });
    expect(sandbox.inlineAnswer(inlineQueryId)).toMatchObject({
      cacheTime: 5,
      isPersonal: true,
      results: [{ id: "p1", title: "Page p1", text: "Page p1" }, { id: "p2" }],
    });
    const twice = await call("answerInlineQuery", { inline_query_id: inlineQueryId, results: [] });
    expect(twice.body).toMatchObject({
      ok: false,
      error_code: 400,
      description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
    });
  });

  it("refuses an answer after 10 s, more than 50 results, ids over 64 bytes, duplicate ids, a bad button", async () => {
    const { sandbox, call, bot, user } = await start();
    const ask = () => sandbox.inlineQuery({ from: user.id, bot: bot.username, query: "q" }).inlineQueryId;
    const late = ask();
    clock += 10_001;
    expect(
      (await call("answerInlineQuery", { inline_query_id: late, results: [] })).body.description,
    ).toMatch(/query is too old/);
    const tooMany = Array.from({ length: 51 }, (_, n) => article(`r${n}`));
    expect(
      (await call("answerInlineQuery", { inline_query_id: ask(), results: tooMany })).body.description,
    ).toBe("Bad Request: RESULTS_TOO_MUCH");
    const fifty = tooMany.slice(0, 50);
    expect((await call("answerInlineQuery", { inline_query_id: ask(), results: fifty })).body.ok).toBe(true);
    const long = [article("é".repeat(33))];
    expect(
      (await call("answerInlineQuery", { inline_query_id: ask(), results: long })).body.description,
    ).toBe("Bad Request: RESULT_ID_INVALID");
    const exact = [article("d".repeat(64))];
    expect((await call("answerInlineQuery", { inline_query_id: ask(), results: exact })).body.ok).toBe(true);
    const dup = [article("a"), article("a")];
    expect((await call("answerInlineQuery", { inline_query_id: ask(), results: dup })).body.description).toBe(
      "Bad Request: RESULT_ID_DUPLICATE",
    );
    const badButton = { text: "Ask", start_parameter: "no spaces" };
    expect(
      (await call("answerInlineQuery", { inline_query_id: ask(), results: [], button: badButton })).body
        .description,
    ).toBe("Bad Request: START_PARAM_INVALID");
    const legacy = ask();
    await call("answerInlineQuery", {
      inline_query_id: legacy,
      results: [],
      switch_pm_text: "Ask for access",
      switch_pm_parameter: "access",
    });
    expect(sandbox.inlineAnswer(legacy)?.button).toEqual({
      text: "Ask for access",
      startParameter: "access",
    });
  });

  it("a chosen result goes into the chat from the user via the bot, and the bot gets chosen_inline_result", async () => {
    const { sandbox, call, bot, user } = await start();
    const other = sandbox.addBot({ username: "beta_bot", privacy: false });
    const group = sandbox.addGroup({ title: "Team", members: [user.id], bots: [other.username] });
    const { inlineQueryId } = sandbox.inlineQuery({ from: user.id, bot: bot.username, query: "page" });
    await call("answerInlineQuery", { inline_query_id: inlineQueryId, results: [article("p1")] });
    expect(() =>
      sandbox.chooseInlineResult({ from: user.id, inlineQueryId, resultId: "nope", chat: group.id }),
    ).toThrow(/no result/);
    const chosen = sandbox.chooseInlineResult({
      from: user.id,
      inlineQueryId,
      resultId: "p1",
      chat: group.id,
    });
    expect(chosen.deliveredTo).toEqual([other.username]);
    const updates = (await call("getUpdates", { timeout: 0 })).body.result as any[];
    expect(updates.at(-1).chosen_inline_result).toMatchObject({
      result_id: "p1",
      query: "page",
      from: { id: user.id },
    });
    const seen = (await call("getUpdates", { timeout: 0 }, other.token)).body.result as any[];
    expect(seen.at(-1).message).toMatchObject({
      text: "Page p1",
      from: { id: user.id },
      via_bot: { id: bot.id, username: bot.username, is_bot: true },
      entities: [{ type: "bold", offset: 0, length: 7 }],
    });
  });

  it("the control API injects queries, shows answers and picks results", async () => {
    const { sandbox, apiRoot, call, bot, user } = await start();
    const post = async (route: string, body: unknown) =>
      (
        await fetch(`${apiRoot}/__sandbox/${route}`, { method: "POST", body: JSON.stringify(body) })
      ).json() as any;
    const { inlineQueryId } = await post("inline", {
      from: user.id,
      bot: bot.username,
      query: "x",
      in: bot.username,
    });
    const pending = fetch(`${apiRoot}/__sandbox/inline?id=${inlineQueryId}&wait=2000`).then((r) => r.json());
    await call("answerInlineQuery", { inline_query_id: inlineQueryId, results: [article("p9")] });
    expect(await pending).toMatchObject({ results: [{ id: "p9" }] });
    const picked = await post("inline/choose", {
      from: user.id,
      inlineQueryId,
      resultId: "p9",
      bot: bot.username,
    });
    expect(picked).toMatchObject({ chatId: user.id, deliveredTo: [bot.username] });
    expect(await post("bots/inline", { bot: bot.username, on: false })).toEqual({ ok: true });
    expect(sandbox.state().bots[0]!.inline).toBe(false);
  });
});
