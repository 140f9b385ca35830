import { BOT_COMMANDS } from "../../core/bot-commands.js";
import type { InboundMessage } from "../../core/inbound-message.js";
import type { SearchIndex } from "../../wiki/search-index/index.js";
import { withinPublishWindow } from "../../wiki/publish-window.js";
import { isReadable, readableHits, readableNow } from "../../wiki/readable.js";
import type { PageSummary, WikiPage, WikiPort } from "../../wiki/types.js";
import { isWikiError } from "../../wiki/wiki-error.js";
import { type AgentSettings, answersFrom, inSection, pageUrl } from "../agent-settings.js";
import { escapeAttribute, escapeHtml, markdownToTelegramHtml, oneLine } from "../format/index.js";
import { findPage } from "./page-ref.js";

export interface ReadDeps {
  index: SearchIndex;
  wiki: WikiPort;
}

const link = (agent: AgentSettings, page: { path: string; locale: string; title: string }) =>
  `<a href="${escapeAttribute(pageUrl(agent, page))}">${escapeHtml(page.title)}</a>`;

/** What the agent answers from: its name exactly as configured ("Team wiki", "DevOps runbooks"). */
const wikiName = (agent: AgentSettings) =>
  agent.name ? escapeHtml(agent.name) : agent.section ? `the ${escapeHtml(agent.section)} pages` : "the wiki";

/**
 * How to ask, and the commands with a help line from the registry (core/bot-commands.ts): the
 * everyone's, then, for an editor, the editors'.
 */
export function helpText(agent: AgentSettings, editor: boolean): string {
  const line = (c: { usage: string; help?: string }) => `${c.usage} — ${c.help}`;
  const listed = BOT_COMMANDS.filter((c) => "help" in c);
  const lines = [
    `Ask me a question in plain words and I answer from ${wikiName(agent)}.`,
    "",
    ...listed.filter((c) => c.who === "everyone").map(line),
  ];
  if (editor) lines.push("", "You are an editor:", ...listed.filter((c) => c.who === "editors").map(line));
  return lines.join("\n");
}

export function startText(agent: AgentSettings, editor: boolean): string {
  const greeting = agent.greeting
    ? escapeHtml(agent.greeting)
    : `Hello! I am ${agent.name ? escapeHtml(agent.name) : "a wiki bot"}.`;
  return `${greeting}\n\n${helpText(agent, editor)}`;
}

const SEARCH_RESULTS = 8;
/** Hits of the wiki's own search read (to leave private ones out) for one /search. */
const MAX_HIT_READS = 16;

/**
 * Top pages for some words, from the index, or while it is built from the wiki's own title
 * search; that search returns private pages too, so each hit is read and shown only if readable.
 */
export async function searchCommand(deps: ReadDeps, agent: AgentSettings, words: string): Promise<string> {
  const query = words.trim();
  if (query === "") return "Usage: /search WORDS, for example /search backup restore";
  const pages = deps.index.ready
    ? deps.index
        .search(query, { section: agent.section, locales: agent.locales, limit: SEARCH_RESULTS })
        .map((r) => r.page)
    : (
        await readableHits(
          deps.wiki,
          (await deps.wiki.search(query, agent.locale)).filter((h) => inSection(agent, h.path)),
          { want: SEARCH_RESULTS, maxReads: MAX_HIT_READS },
        )
      ).map((r) => r.page);
  if (pages.length === 0) return `No page matches “${escapeHtml(query)}”. Try fewer or other words.`;
  return [
    `Pages about “${escapeHtml(query)}”:`,
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
): Promise<string> {
  if (ref.trim() === "") return "Usage: /page ID or /page PATH";
  const page = await findPage(deps.wiki, agent, ref);
  if (!page || (!editor && !readableNow(page))) {
    return `No page “${escapeHtml(ref.trim())}” here.`;
  }
  const body = markdownToTelegramHtml(page.content, { baseUrl: agent.publicBaseUrl });
  const note = hiddenNote(page);
  return `<b>${escapeHtml(page.title)}</b> (id ${page.id}, ${link(agent, page)})${note ? `\n<i>${note}</i>` : ""}\n\n${body}`;
}

/** Why readers do not see a page an editor is shown ("" when they do). */
function hiddenNote(page: WikiPage, now = Date.now()): string {
  if (!page.isPublished) return "Draft: readers do not see this page.";
  if (page.isPrivate) return "Private: readers do not see this page.";
  if (withinPublishWindow(page, now)) return "";
  const start = Date.parse(page.publishStartDate);
  return page.publishStartDate && !(start <= now)
    ? `Scheduled: readers see this page from ${escapeHtml(page.publishStartDate)}.`
    : `Expired: readers no longer see this page (publication ended ${escapeHtml(page.publishEndDate)}).`;
}

/**
 * Recently updated published, public pages of the section inside their publication window, newest
 * first, from the wiki's list. The list has no publication dates: a page's window is the index's
 * when it indexed the page as listed (same updatedAt), else the page is read (at most
 * MAX_RECENT_READS pages per command).
 */
export async function recentCommand(deps: ReadDeps, agent: AgentSettings, arg: string): Promise<string> {
  const n = Math.min(20, Math.max(1, Number.parseInt(arg, 10) || 5));
  const candidates = (await deps.wiki.listPages())
    .filter((p) => isReadable(p) && answersFrom(agent, p.locale) && inSection(agent, p.path))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  const now = Date.now();
  const pages: PageSummary[] = [];
  const reads = { left: MAX_RECENT_READS };
  for (const page of candidates) {
    if (pages.length >= n || reads.left <= 0) break;
    if (await inWindow(deps, page, now, reads)) pages.push(page);
  }
  if (pages.length === 0) return "No pages here yet.";
  return [
    "Recently updated:",
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
export function whoamiText(msg: InboundMessage): string {
  return [
    `Your user id: <code>${msg.senderId ?? "unknown"}</code>`,
    `This chat id: <code>${msg.chatId}</code> (${escapeHtml(msg.chatType)})`,
  ].join("\n");
}
