import type { Api } from "grammy";
import type { LanguageCode } from "grammy/types";
import type { Logger } from "../log/logger.js";

export type CommandMenu = ReadonlyArray<{ command: string; description: string }>;

/**
 * The bot's command menus: one per language (`languageCode`, ISO 639-1, shown to users whose app
 * is in that language) and one without, for everyone else.
 */
export type CommandMenus = ReadonlyArray<{ languageCode?: LanguageCode; commands: CommandMenu }>;

/**
 * Registers each of the bot's command menus that differs from Telegram's: setMyCommands on every
 * restart draws 429s, so the current menu of that language is compared first. Never throws
 * (commands work anyway); a menu that fails does not keep the others from being registered.
 */
export async function syncCommandMenus(api: Api, wanted: CommandMenus, log: Logger): Promise<void> {
  const registered: string[] = [];
  for (const menu of wanted) {
    const language = menu.languageCode ? { language_code: menu.languageCode } : {};
    try {
      const current = await api.getMyCommands(language);
      const same =
        current.length === menu.commands.length &&
        current.every(
          (c, i) =>
            c.command === menu.commands[i]?.command && c.description === menu.commands[i]?.description,
        );
      if (same) continue;
      const commands = menu.commands.map((c) => ({ command: c.command, description: c.description }));
      await api.setMyCommands(commands, language);
      registered.push(menu.languageCode ?? "default");
    } catch (error) {
      log.warn(
        { err: error, language: menu.languageCode ?? "default" },
        "could not register the command menu; commands still work",
      );
    }
  }
  if (registered.length > 0) log.info({ languages: registered }, "command menu registered");
}
