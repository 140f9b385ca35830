import { Bot } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { syncCommandMenus } from "../../../src/accounts/command-menu.js";
import { commandMenus } from "../../../src/agents/command-menus.js";
import { BOT_COMMANDS } from "../../../src/core/bot-commands.js";
import { LANGUAGES } from "../../../src/i18n/index.js";
import { createLogger } from "../../../src/log/logger.js";
import { startSandbox } from "../sandbox/telegram/helpers.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const log = createLogger({ level: "silent" });

describe("the command menus", () => {
  it("one per catalogue language, and for everyone else the agent's language", () => {
    const menus = commandMenus("ru-RU");
    expect(menus.map((m) => m.languageCode)).toEqual([undefined, ...LANGUAGES]);
    const fallback = menus[0]!.commands;
    expect(fallback.map((c) => c.command)).toEqual(BOT_COMMANDS.map((c) => c.command));
    expect(fallback.find((c) => c.command === "help")?.description).toBe(
      "Как задать вопрос и какие есть команды",
    );
    const zh = menus.find((m) => m.languageCode === "zh")!.commands;
    expect(zh.find((c) => c.command === "search")?.description).toBe("按关键词查找页面：/search 关键词");
    // No catalogue for the agent's language: English for everyone else.
    expect(commandMenus("fr")[0]!.commands.find((c) => c.command === "help")?.description).toBe(
      "How to ask, and the commands",
    );
  });

  it("every command has its description in the catalogues", () => {
    for (const menu of commandMenus("en")) {
      const english = commandMenus("en")[0]!.commands;
      for (const [i, c] of menu.commands.entries()) {
        // Only English may equal English (a missing `menu.<command>` key falls back to it).
        if (menu.languageCode !== "en" && menu.languageCode !== undefined)
          expect(c.description, `${menu.languageCode} ${c.command}`).not.toBe(english[i]!.description);
      }
    }
  });

  it("registers each language's menu with setMyCommands, then only what changed", async () => {
    const started = await startSandbox();
    close = () => started.sandbox.close();
    const api = new Bot(started.bot.token, { client: { apiRoot: started.apiRoot } }).api;
    const menus = commandMenus("de");
    await syncCommandMenus(api, menus, log);
    const sets = () => started.sandbox.calls({ method: "setMyCommands" });
    expect(sets()).toHaveLength(LANGUAGES.length + 1);
    expect(
      (await api.getMyCommands({ language_code: "ru" })).find((c) => c.command === "page")?.description,
    ).toBe("Показать страницу: /page ID или ПУТЬ");
    expect((await api.getMyCommands()).find((c) => c.command === "page")?.description).toBe(
      "Eine Seite anzeigen: /page ID oder PFAD",
    );
    await syncCommandMenus(api, menus, log);
    expect(sets()).toHaveLength(LANGUAGES.length + 1);
    // The agent now speaks Spanish: only the menu for everyone else changes.
    await syncCommandMenus(api, commandMenus("es"), log);
    expect(sets()).toHaveLength(LANGUAGES.length + 2);
  });
});
