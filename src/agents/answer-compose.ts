import { html, type Texts } from "../i18n/index.js";
import { agentTexts } from "./agent-language.js";
import { type AgentSettings, pageUrl } from "./agent-settings.js";
import type { AnswerSource } from "./answer-types.js";
import {
  escapeAttribute,
  escapeHtml,
  markdownToTelegramHtml,
  oneLine,
  shownDescription,
  telegramLength,
  truncateTelegramHtml,
} from "./format/index.js";
import { composeRichAnswer } from "./rich/compose-rich.js";
import type { RichMessage } from "./rich/rich-types.js";

/** A page chosen to answer, with its passages best first (from the index or a local ranking). */
export interface AnswerPage {
  page: { path: string; locale: string; title: string; description: string };
  score: number;
  /** `index`: the passage's position in the page (shown passages are left out of the rest). */
  passages: Array<{ index?: number; markdown: string; text: string; score: number }>;
  /** Every passage of the page in page order, when known: the rich answer shows the rest of the page. */
  all?: ReadonlyArray<{ index: number; markdown: string }>;
}

/** A further passage is shown when it scores at least this share of the best one (and fits). */
const SECOND_PASSAGE_SHARE = 0.5;

/** The line telling the user what was searched instead of what was typed (keyboard twins): plain text. */
export function searchedForNote(searched: string, texts: Texts): string {
  return texts.plain("answer.searchedAs", { query: searched });
}

/** How an answer is framed: in whose language, and a note under it (already in that language). */
export interface Framing {
  /** Default: the agent's language. */
  texts?: Texts;
  /** A line in italics under the answer: plain text in that language (`texts.plain`), escaped here. */
  note?: string;
}

/**
 * The reply: the page title in bold, its description, the best passage(s) within
 * `answerLength` characters, a link to the page, and up to two "See also" links.
 */
export function composeAnswer(
  agent: AgentSettings,
  main: AnswerPage,
  seeAlso: AnswerPage[],
  framing: Framing = {},
): { html: string; rich: RichMessage; sources: AnswerSource[] } {
  const { note } = framing;
  const texts = framing.texts ?? agentTexts(agent);
  const url = pageUrl(agent, main.page);
  const parts = [`<b>${escapeHtml(main.page.title)}</b>`];
  const passages = inPageOrder(choosePassages(main, agent));
  const shown = inPageOrder(main.passages.filter((p) => passages.some((q) => q.text === p.text)));
  const rich = composeRichAnswer(agent, { ...main, shown }, seeAlso.slice(0, 2), {
    texts,
    ...(note === undefined ? {} : { note }),
  });
  const description = shownDescription(main.page);
  // A description that opens the shown passage is not repeated, however the source wraps it.
  if (description && !passages.some((p) => oneLine(p.text).includes(description))) {
    parts.push(`<i>${escapeHtml(description)}</i>`);
  }
  parts.push(...passages.map((p) => p.html));
  parts.push(`📖 <a href="${escapeAttribute(url)}">${escapeHtml(main.page.title)}</a>`);
  const also = seeAlso.slice(0, 2);
  if (also.length > 0) parts.push(seeAlsoLine(agent, also, texts));
  if (note) parts.push(`<i>${escapeHtml(note)}</i>`);
  return { html: parts.join("\n\n"), rich, sources: toSources(agent, [main, ...also]) };
}

/** "See also: <links>" in the answer's language, a link to each page. */
export function seeAlsoLine(
  agent: AgentSettings,
  pages: readonly Pick<AnswerPage, "page">[],
  texts: Texts,
): string {
  const links = pages.map(
    (p) => `<a href="${escapeAttribute(pageUrl(agent, p.page))}">${escapeHtml(p.page.title)}</a>`,
  );
  return texts.t("answer.seeAlso", { links: html(links.join(" · ")) });
}

export function toSources(agent: AgentSettings, pages: readonly AnswerPage[]): AnswerSource[] {
  return pages.map((p) => ({
    path: p.page.path,
    locale: p.page.locale,
    title: p.page.title,
    url: pageUrl(agent, p.page),
    score: Math.round(p.score * 1000) / 1000,
  }));
}

/**
 * Shown passages as the page has them (by their `index`, when every one is known): a page's
 * description quote, which opens it, always comes before the passages that follow it, whichever
 * scored best. Which passages are shown is choosePassages' choice.
 */
function inPageOrder<T extends { index?: number | undefined }>(passages: T[]): T[] {
  if (passages.some((p) => p.index === undefined)) return passages;
  return [...passages].sort((a, b) => a.index! - b.index!);
}

/** The best passage, then the next ones scoring well enough, while they fit in answerLength. */
function choosePassages(
  main: AnswerPage,
  agent: AgentSettings,
): Array<{ html: string; text: string; index?: number | undefined }> {
  const sorted = [...main.passages].sort((a, b) => b.score - a.score);
  const best = sorted[0];
  if (!best) return [];
  const render = (markdown: string) => markdownToTelegramHtml(markdown, { baseUrl: agent.publicBaseUrl });
  const first = render(best.markdown);
  const chosen = [
    { html: truncateTelegramHtml(first, agent.answerLength), text: best.text, index: best.index },
  ];
  let used = telegramLength(chosen[0]!.html);
  for (const next of sorted.slice(1)) {
    if (next.score < best.score * SECOND_PASSAGE_SHARE) break;
    const html = render(next.markdown);
    const length = telegramLength(html);
    if (used + length > agent.answerLength) break;
    chosen.push({ html, text: next.text, index: next.index });
    used += length;
  }
  return chosen;
}

/**
 * The reply to a weak match: the closest pages, each a link with its description, for the user
 * to choose from (the buttons carry the same titles). Never a dead end: it says how to ask better.
 * `pages` are told apart already (related-pages.ts `distinctTitles`), as the answerer offers them.
 */
export function composeChoices(
  agent: AgentSettings,
  pages: AnswerPage[],
  texts: Texts = agentTexts(agent),
): { html: string; sources: AnswerSource[] } {
  const lines = pages.map((p) => {
    const link = `<a href="${escapeAttribute(pageUrl(agent, p.page))}">${escapeHtml(p.page.title)}</a>`;
    const description = shownDescription(p.page);
    return description ? `• ${link}: ${escapeHtml(description)}` : `• ${link}`;
  });
  const reply = [texts.t("choices.intro"), lines.join("\n"), `<i>${texts.t("choices.hint")}</i>`].join(
    "\n\n",
  );
  return {
    html: reply,
    sources: toSources(agent, pages),
  };
}

/** The reply when a chosen page is no longer in the wiki. */
export function composePageGone(title: string, texts: Texts): string {
  return texts.t("answer.pageGone", { title });
}

/**
 * The honest reply when nothing matches well enough. `noPageIn`: the question's language when
 * none of the agent's pages is in it (question-language.ts): the reply says so, and in which
 * language to ask, instead of suggesting other words.
 */
export function composeNotFound(
  question: string,
  agent: AgentSettings,
  texts: Texts = agentTexts(agent),
  noPageIn?: string,
): string {
  const asked = [...question.trim()];
  const shown = asked.length > 80 ? `${asked.slice(0, 80).join("")}…` : asked.join("");
  const nothing = agent.section
    ? texts.t("notFound.section", { question: shown, section: agent.section })
    : texts.t("notFound.wiki", { question: shown });
  const hint =
    noPageIn === undefined
      ? texts.t("notFound.hint")
      : texts.t("notFound.noPageInLanguage", {
          language: texts.languageName(noPageIn),
          pageLanguage: texts.languageName(agent.locale),
        });
  return [nothing, hint].join("\n");
}

/** The reply when the wiki cannot be reached; the error itself goes to the operator's log. */
export function composeFailure(texts: Texts): string {
  return texts.t("error.wikiUnreachable");
}

/** The reply to an empty question. */
export function composeEmptyQuestion(agent: AgentSettings, texts: Texts = agentTexts(agent)): string {
  return agent.section ? texts.t("ask.emptySection", { section: agent.section }) : texts.t("ask.empty");
}
