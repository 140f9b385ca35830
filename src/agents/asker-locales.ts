import type { Texts } from "../i18n/index.js";
import type { AgentSettings } from "./agent-settings.js";

type Locales = Pick<AgentSettings, "locale" | "locales">;

/** A locale's or Telegram language tag's language: "pt-BR" → "pt", "zh_CN" → "zh". */
export const languageOfTag = (tag: string) => tag.toLowerCase().split(/[-_]/)[0]!;

/** The agent answers from pages of several locales (a list, or "*"). */
export function answersInSeveral(agent: Locales): boolean {
  return agent.locales.includes("*") || agent.locales.length > 1;
}

/**
 * Which pages an answer prefers for someone asking an agent of several locales: those in the
 * asker's language (their Telegram `language_code`), when the agent answers from it; undefined
 * when it does not, when the asker's language is unknown, or when the agent has one locale
 * (nothing to prefer). With "*", the asker's language code is the locale.
 */
export function preferredLocale(agent: Locales, languageCode: string | undefined): string | undefined {
  if (languageCode === undefined || languageCode === "" || !answersInSeveral(agent)) return undefined;
  const language = languageOfTag(languageCode);
  if (agent.locales.includes("*")) return language;
  return agent.locales.find((l) => languageOfTag(l) === language);
}

/**
 * The locales to look a page up in, in order: the asker's (preferredLocale), then the agent's own
 * order (its first locale, `locale`, for "*").
 */
export function localeOrder(agent: Locales, languageCode: string | undefined): string[] {
  const own = agent.locales.includes("*") ? [agent.locale] : agent.locales;
  const preferred = preferredLocale(agent, languageCode);
  return preferred === undefined ? own : [preferred, ...own.filter((l) => l !== preferred)];
}

/**
 * One page per path, the translation in the best locale of `order` (Wiki.js keeps a page's
 * translations at the same path under other locales), at the place of the first translation
 * listed; a page whose locale is not in `order` counts after those that are. Others keep their order.
 */
export function preferTranslations<T>(
  items: readonly T[],
  order: readonly string[],
  pageOf: (item: T) => { path: string; locale: string },
): T[] {
  const rank = (item: T) => {
    const i = order.indexOf(pageOf(item).locale);
    return i === -1 ? order.length : i;
  };
  const best = new Map<string, T>();
  for (const item of items) {
    const path = pageOf(item).path;
    const kept = best.get(path);
    if (!kept || rank(item) < rank(kept)) best.set(path, item);
  }
  const out: T[] = [];
  const placed = new Set<string>();
  for (const item of items) {
    const path = pageOf(item).path;
    if (placed.has(path)) continue;
    placed.add(path);
    out.push(best.get(path)!);
  }
  return out;
}

/**
 * The note under an answer from a page in another language than the asker's ("This page is in
 * English."), as plain text in the asker's language; undefined when the page is in their
 * language, their language is unknown, or the agent answers from one locale.
 */
export function pageLanguageNote(
  agent: Locales,
  languageCode: string | undefined,
  pageLocale: string,
  texts: Texts,
): string | undefined {
  if (languageCode === undefined || languageCode === "" || !answersInSeveral(agent)) return undefined;
  const language = languageOfTag(pageLocale);
  if (language === languageOfTag(languageCode)) return undefined;
  return texts.plain("answer.pageLanguage", { language: texts.languageName(language) });
}
