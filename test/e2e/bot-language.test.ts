import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/**
 * Issue 30, the bot speaks its user's language, end to end: users whose Telegram apps are in
 * Russian, Chinese, Portuguese and English write to the real daemon through the sandbox.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function ready(url: string): Promise<boolean> {
  return (await fetch(`${url}/readyz`)).status === 200;
}

describe("the bot's language (daemon against both sandboxes)", () => {
  it("answers /help, questions and the command menu in each user's language, else in the agent's", async () => {
    stack = await startStack({
      accounts: ["default"],
      account: () => ({ dmPolicy: "open" }),
      // The agent speaks German to users whose language the bot has no catalogue for.
      config: { agents: { main: { language: "de" } } },
    });
    const { telegram, bots } = stack;
    const bot = bots.default!.username;
    const vera = telegram.addUser({ firstName: "Вера", languageCode: "ru" });
    const li = telegram.addUser({ firstName: "李", languageCode: "zh-hans" });
    const pedro = telegram.addUser({ firstName: "Pedro", languageCode: "pt-br" });
    const ada = telegram.addUser({ firstName: "Ada", languageCode: "en-GB" });
    const daemon = await stack.startDaemon();
    await eventually(() => ready(daemon.httpUrl), 20_000);

    const ask = async (from: number, text: string) => {
      const said = telegram.userSays({ from, chat: { bot }, text });
      return (
        await telegram.waitForSent(
          (m) => m.bot === bot && m.chatId === from && m.replyToMessageId === said.messageId,
          15_000,
        )
      ).text;
    };

    const russian = await ask(vera.id, "/help");
    expect(russian).toContain("Задайте вопрос своими словами — я отвечу по материалам вики.");
    expect(russian).toContain("/search СЛОВА — страницы по этим словам");
    expect(russian).not.toMatch(/Ask me|pages about/);

    const chinese = await ask(li.id, "/help");
    expect(chinese).toContain("用日常的话向我提问，我会根据知识库的内容回答。");
    expect(chinese).toContain("/search 关键词 — 查找与这些词相关的页面");

    expect(await ask(pedro.id, "/help")).toContain("Stellen Sie mir eine Frage in eigenen Worten");
    expect(await ask(ada.id, "/help")).toContain("Ask me a question in plain words");

    // The framing of answers follows too; the page itself is shown as the wiki holds it.
    const nothing = await ask(vera.id, "квантовая хромодинамика на решётке");
    expect(nothing).toContain("В вики ничего не нашлось по запросу «квантовая хромодинамика на решётке».");
    const answer = await ask(li.id, "how do I restore a backup?");
    expect(answer).toContain("restore --latest");

    // A menu per language, and the agent's language for everyone else.
    const menus = telegram.calls({ bot, method: "setMyCommands" }).map((c) => c.params);
    const menu = (language?: string) =>
      JSON.stringify(menus.find((p) => p.language_code === language)?.commands ?? "");
    expect(menu("ru")).toContain("Показать страницу: /page ID или ПУТЬ");
    expect(menu("zh")).toContain("查看页面：/page ID 或路径");
    expect(menu(undefined)).toContain("Eine Seite anzeigen: /page ID oder PFAD");
  });
});
