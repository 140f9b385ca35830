import type { IndexedPage } from "../wiki/search-index/index.js";
import { type AgentSettings, answersFrom, inSection } from "./agent-settings.js";
import { languageOfTag } from "./asker-locales.js";

/** Letters that tell a question's language whatever its words: the first that matches wins. */
const TOLD_BY_LETTERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[іїєґ]/iu, "uk"],
  [/\p{Script=Cyrillic}/u, "ru"],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Hangul}/u, "ko"],
  [/\p{Script=Thai}/u, "th"],
  [/\p{Script=Han}/u, "zh"],
];

/**
 * The language a question is written in when its letters tell (Cyrillic: Russian, or Ukrainian
 * with "і", "ї", "є", "ґ"; Han: Chinese, with kana Japanese; Hangul; Thai); undefined for one in
 * Latin letters, which many languages share.
 */
export function writtenIn(question: string): string | undefined {
  return TOLD_BY_LETTERS.find(([letters]) => letters.test(question))?.[1];
}

/**
 * The language of a question none of the agent's pages is written in ("ru" for a Russian
 * question to an agent whose pages are all English), for an honest "no page in your language"
 * instead of a bare "nothing found"; undefined when its letters do not tell its language, or when
 * the agent answers from some page in it. `pages`: the pages readers may see now (the index's).
 */
export function languageWithoutPages(
  question: string,
  agent: Pick<AgentSettings, "locales" | "section">,
  pages: () => readonly IndexedPage[],
): string | undefined {
  const language = writtenIn(question);
  if (language === undefined) return undefined;
  const held = (locale: string) => languageOfTag(locale) === language;
  if (!agent.locales.includes("*") && !agent.locales.some(held)) return language;
  const some = pages().some(
    (p) => held(p.locale) && answersFrom(agent, p.locale) && inSection(agent, p.path),
  );
  return some ? undefined : language;
}
