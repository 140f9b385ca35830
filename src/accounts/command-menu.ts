import type { Api } from "grammy";
import type { Logger } from "../log/logger.js";

export type CommandMenu = ReadonlyArray<{ command: string; description: string }>;

/**
 * Registers the bot's command menu when it differs from Telegram's: setMyCommands on every
 * restart draws 429s, so the current menu is compared first. Never throws (commands work anyway).
 */
export async function syncCommandMenu(api: Api, wanted: CommandMenu, log: Logger): Promise<void> {
  try {
    const current = await api.getMyCommands();
    const same =
      current.length === wanted.length &&
      current.every((c, i) => c.command === wanted[i]?.command && c.description === wanted[i]?.description);
    if (!same) {
      await api.setMyCommands(wanted.map((c) => ({ command: c.command, description: c.description })));
      log.info({ commands: wanted.length }, "command menu registered");
    }
  } catch (error) {
    log.warn({ err: error }, "could not register the command menu; commands still work");
  }
}
