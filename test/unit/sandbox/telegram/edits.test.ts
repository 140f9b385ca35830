import { afterEach, describe, expect, it } from "vitest";
import {
  createTelegramSandbox,
  type TelegramSandbox,
} from "../../../../packages/sandbox/src/telegram/index.js";
import { callApi } from "./helpers.js";

let sandbox: TelegramSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function world() {
  sandbox = createTelegramSandbox();
  const apiRoot = await sandbox.listen();
  const p = sandbox.addBot({ username: "p_wiki_bot" });
  const ada = sandbox.addUser({ firstName: "Ada", username: "ada" });
  const s = sandbox;
  const call = (token: string, method: string, params: Record<string, unknown> = {}) =>
    callApi(apiRoot, token, method, params);
  const updates = async (allowed?: string[]): Promise<any[]> => {
    const got = (
      await call(p.token, "getUpdates", { timeout: 0, ...(allowed ? { allowed_updates: allowed } : {}) })
    ).body.result as any[];
    if (got.length) await call(p.token, "getUpdates", { offset: got.at(-1).update_id + 1, timeout: 0 });
    return got;
  };
  return { s, p, ada, apiRoot, updates };
}

describe("edits (edited_message)", () => {
  it("delivers an edit with the same message_id and an edit_date, as privacy mode lets it through", async () => {
    const { s, p, ada, updates } = await world();
    const group = s.addGroup({ title: "G", members: [ada.id], bots: [p.username] });
    await updates(["message", "edited_message"]);
    const said = s.userSays({ from: ada.id, chat: group.id, text: "how do I tar?" });
    expect(said.deliveredTo).toEqual([]); // privacy mode: not addressed
    const edit = s.userEdits({
      from: ada.id,
      chat: group.id,
      messageId: said.messageId,
      text: "@p_wiki_bot how do I tar?",
      after: 30,
    });
    expect(edit.deliveredTo).toEqual(["p_wiki_bot"]);
    const [update] = await updates();
    expect(update.message).toBeUndefined();
    expect(update.edited_message).toMatchObject({
      message_id: said.messageId,
      text: "@p_wiki_bot how do I tar?",
      entities: [{ type: "mention", offset: 0, length: 11 }],
    });
    expect(update.edited_message.edit_date - update.edited_message.date).toBe(30);
  });

  it("honours allowed_updates: without edited_message no edit is delivered", async () => {
    const { s, p, ada, updates } = await world();
    await updates(["message"]);
    const said = s.userSays({ from: ada.id, chat: { bot: p.username }, text: "hi" });
    await updates();
    const edit = s.userEdits({
      from: ada.id,
      chat: { bot: p.username },
      messageId: said.messageId,
      text: "hello",
    });
    expect(edit.deliveredTo).toEqual([]);
    expect(await updates()).toEqual([]);
  });

  it("has a control route, and refuses to edit another user's message", async () => {
    const { s, p, ada, apiRoot } = await world();
    const bob = s.addUser({ firstName: "Bob" });
    const group = s.addGroup({ title: "G", members: [ada.id, bob.id], bots: [p.username] });
    const said = s.userSays({ from: ada.id, chat: group.id, text: "hi" });
    const post = async (body: unknown) =>
      (await fetch(`${apiRoot}/__sandbox/edit`, { method: "POST", body: JSON.stringify(body) })).json();
    expect(
      await post({ from: ada.id, chat: group.id, messageId: said.messageId, text: "hi @p_wiki_bot" }),
    ).toEqual({
      messageId: said.messageId,
      chatId: group.id,
      deliveredTo: ["p_wiki_bot"],
    });
    expect(await post({ from: bob.id, chat: group.id, messageId: said.messageId, text: "x" })).toMatchObject({
      ok: false,
      error: expect.stringContaining("not user"),
    });
  });
});
