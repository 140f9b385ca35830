import { BOT_COMMANDS } from "../core/bot-commands.js";
import { type Language, LANGUAGES, resolveLanguage, textsIn } from "../i18n/index.js";

export interface CommandMenuInLanguage {
  /** Absent: the menu of users whose language has no menu of its own. */
  languageCode?: Language;
  commands: Array<{ command: string; description: string }>;
}

/**
 * The command menus of a bot whose agent speaks `agentLanguage`: one per catalogue language
 * (Telegram shows it to users whose app is in that language) and, for everyone else, the agent's
 * language, as the answers fall back to it. Descriptions come from `menu.<command>`.
 */
export function commandMenus(agentLanguage: string | undefined): CommandMenuInLanguage[] {
  return [
    { commands: menuIn(resolveLanguage(agentLanguage)) },
    ...LANGUAGES.map((language) => ({ languageCode: language, commands: menuIn(language) })),
  ];
}

function menuIn(language: Language): Array<{ command: string; description: string }> {
  const texts = textsIn(language);
  return BOT_COMMANDS.map(({ id, command }) => {
    // Every command's menu line is a catalogue key: a command without one does not compile.
    return { command, description: texts.t(`menu.${id}`) };
  });
}
