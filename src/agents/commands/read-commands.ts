import { BOT_COMMANDS } from "../../core/bot-commands.js";
import type { InboundMessage } from "../../core/inbound-message.js";
import type { SearchIndex } from "../../wiki/search-index/index.js";
import { withinPublishWindow } from "../../wiki/publish-window.js";
import { isReadable, readableHits, readableNow } from "../../wiki/readable.js";
import type { PageSummary, WikiPage, WikiPort } from "../../wiki/types.js";
import { isWikiError } from "../../wiki/wiki-error.js";
import { type AgentSettings, answersFrom, inSection, pageUrl } from "../agent-settings.js";
import { escapeAttribute, escapeHtml, markdownToTelegramHtml, oneLine } from "../format/index.js";
import { html, type Texts, textsFor } from "../../i18n/index.js";
import { agentTexts } from "../agent-language.js";
import { findPage } from "./page-ref.js";
import { localeOrder, pageLanguageNote, preferTranslations } from "../asker-locales.js";

export interface ReadDeps {
  index: SearchIndex;
  wiki: WikiPort;
}

/** Who asks: the texts of their language, and their Telegram `language_code` (asker-locales.ts). */
export interface Asker {
  texts: Texts;
  language?: string;
}

/** The asker of a command message. */
export const asker = (texts: Texts, msg: Pick<InboundMessage, "languageCode">): Asker =>
  msg.languageCode === undefined ? { texts } : { texts, language: msg.languageCode };

const link = (agent: AgentSettings, page: { path: string; locale: string; title: string }) =>
  `<a href="${escapeAttribute(pageUrl(agent, page))}">${escapeHtml(page.title)}</a>`;

/** The opening of /help: what the agent answers from (its name exactly as configured, "Team wiki"). */
function helpIntro(agent: AgentSettings, texts: Texts): string {
  if (agent.name) return texts.t("help.introNamed", { name: agent.name });
  if (agent.section) return texts.t("help.introSection", { section: agent.section });
  return texts.t("help.intro");
}

type Listed = Extract<(typeof BOT_COMMANDS)[number], { inHelp: true }>;

/** The /help line of a command the registry lists there (`help.<id>`; one missing does not compile). */
function helpLine(entry: Listed, texts: Texts): string {
  return texts.t(`help.${entry.id}`);
}

/**
 * How to ask, and the commands the registry (core/bot-commands.ts) lists in /help: the
 * everyone's, then, for an editor, the editors'. In `texts`, the asker's language.
 */
export function helpText(agent: AgentSettings, editor: boolean, texts: Texts = agentTexts(agent)): string {
  const listed = BOT_COMMANDS.filter((c): c is Listed => c.inHelp);
  const lines = [
    helpIntro(agent, texts),
    "",
    ...listed.filter((c) => c.who === "everyone").map((c) => helpLine(c, texts)),
  ];
  if (editor)
    lines.push(
      "",
      texts.t("help.editors"),
      ...listed.filter((c) => c.who === "editors").map((c) => helpLine(c, texts)),
    );
  return lines.join("\n");
}

/** /start: the agent's greeting as configured (shown as written), else a hello; then /help. */
export function startText(agent: AgentSettings, editor: boolean, texts: Texts = agentTexts(agent)): string {
  const greeting = agent.greeting
    ? escapeHtml(agent.greeting)
    : agent.name
      ? texts.t("start.greetingNamed", { name: agent.name })
      : texts.t("start.greeting");
  return `${greeting}\n\n${helpText(agent, editor, texts)}`;
}

const SEARCH_RESULTS = 8;
/** Hits of the wiki's own search read (to leave private ones out) for one /search. */
const MAX_HIT_READS = 16;

/**
 * Top pages for some words, from the index, or while it is built from the wiki's own title
 * search; that search returns private pages too, so each hit is read and shown only if readable.
 */
export async function searchCommand(
  deps: ReadDeps,
  agent: AgentSettings,
  words: string,
  { texts, language }: Asker = { texts: agentTexts(agent) },
): Promise<string> {
  const query = words.trim();
  if (query === "") return texts.t("search.usage");
  const pages = deps.index.ready
    ? preferTranslations(
        deps.index
          .search(query, { section: agent.section, locales: agent.locales, limit: SEARCH_RESULTS })
          .map((r) => r.page),
        localeOrder(agent, language),
        (p) => p,
      )
    : (
        await readableHits(
          deps.wiki,
          (await deps.wiki.search(query, agent.locale)).filter((h) => inSection(agent, h.path)),
          { want: SEARCH_RESULTS, maxReads: MAX_HIT_READS },
        )
      ).map((r) => r.page);
  if (pages.length === 0) return texts.t("search.nothing", { query });
  return [
    texts.t("search.found", { count: pages.length, query }),
    ...pages.map((p, i) => {
      const description = oneLine(p.description);
      return `${i + 1}. ${link(agent, p)}${description ? ` — ${escapeHtml(description)}` : ""}`;
    }),
  ].join("\n");
}

/**
 * A whole page, rendered (the caller splits it into messages). A draft (unpublished), private, or
 * scheduled or expired page (outside its publication window) is shown to the agent's editors only,
 * as Wiki.js shows it only to those with write rights; anyone else is told there is no such page,
 * as the answers and /recent never show it either.
 */
export async function pageCommand(
  deps: ReadDeps,
  agent: AgentSettings,
  ref: string,
  editor: boolean,
  { texts, language }: Asker = { texts: agentTexts(agent) },
): Promise<string> {
  if (ref.trim() === "") return texts.t("page.usage");
  const page = await findPage(deps.wiki, agent, ref, language);
  if (!page || (!editor && !readableNow(page))) return texts.t("page.notFound", { ref: ref.trim() });
  const body = markdownToTelegramHtml(page.content, { baseUrl: agent.publicBaseUrl });
  const other = pageLanguageNote(agent, language, page.locale, texts);
  const note = [hiddenNote(page, texts), other === undefined ? "" : escapeHtml(other)]
    .filter(Boolean)
    .join("\n");
  const heading = texts.t("page.heading", { title: page.title, id: page.id, link: html(link(agent, page)) });
  return `${heading}${note ? `\n<i>${note}</i>` : ""}\n\n${body}`;
}

/** Why readers do not see a page an editor is shown ("" when they do). */
function hiddenNote(page: WikiPage, texts: Texts, now = Date.now()): string {
  if (!page.isPublished) return texts.t("page.draft");
  if (page.isPrivate) return texts.t("page.private");
  if (withinPublishWindow(page, now)) return "";
  const start = Date.parse(page.publishStartDate);
  return page.publishStartDate && !(start <= now)
    ? texts.t("page.scheduled", { date: page.publishStartDate })
    : texts.t("page.expired", { date: page.publishEndDate });
}

/**
 * Recently updated published, public pages of the section inside their publication window, newest
 * first, from the wiki's list. The list has no publication dates: a page's window is the index's
 * when it indexed the page as listed (same updatedAt), else the page is read (at most
 * MAX_RECENT_READS pages per command).
 */
export async function recentCommand(
  deps: ReadDeps,
  agent: AgentSettings,
  arg: string,
  { texts, language }: Asker = { texts: agentTexts(agent) },
): Promise<string> {
  const n = Math.min(20, Math.max(1, Number.parseInt(arg, 10) || 5));
  // One entry per page: its translation in the asker's language, else in the agent's first locale.
  const candidates = preferTranslations(
    (await deps.wiki.listPages())
      .filter((p) => isReadable(p) && answersFrom(agent, p.locale) && inSection(agent, p.path))
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0)),
    localeOrder(agent, language),
    (p) => p,
  );
  const now = Date.now();
  const pages: PageSummary[] = [];
  const reads = { left: MAX_RECENT_READS };
  for (const page of candidates) {
    if (pages.length >= n || reads.left <= 0) break;
    if (await inWindow(deps, page, now, reads)) pages.push(page);
  }
  if (pages.length === 0) return texts.t("recent.none");
  return [
    texts.t("recent.heading"),
    ...pages.map((p) => `• ${link(agent, p)} — ${escapeHtml(p.updatedAt.slice(0, 10))}`),
  ].join("\n");
}

/** Pages /recent reads at most to learn their publication window (the index knows the others). */
const MAX_RECENT_READS = 30;

/** Whether a listed page is inside its publication window at `now` (see recentCommand). */
async function inWindow(
  deps: ReadDeps,
  page: PageSummary,
  now: number,
  reads: { left: number },
): Promise<boolean> {
  const indexed = deps.index.indexedPage(page.id);
  if (indexed && indexed.updatedAt === page.updatedAt) return withinPublishWindow(indexed, now);
  reads.left -= 1;
  try {
    return readableNow(await deps.wiki.getPage(page.id), now);
  } catch (error) {
    if (isWikiError(error) && error.code === "wiki-page-not-found") return false; // deleted since listed
    throw error;
  }
}

/** Plain facts an operator needs for allowFrom, groups and editors. */
export function whoamiText(msg: InboundMessage, texts: Texts = textsFor(msg.languageCode)): string {
  return [
    msg.senderId === undefined ? texts.t("whoami.userUnknown") : texts.t("whoami.user", { id: msg.senderId }),
    texts.t("whoami.chat", { id: msg.chatId, type: texts.t(`chatType.${msg.chatType}`) }),
  ].join("\n");
}
