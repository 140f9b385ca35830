import { isWikiError } from "../../wiki/wiki-error.js";
import type { WikiPage, WikiPort } from "../../wiki/types.js";
import { type AgentSettings, answersFrom, inSection } from "../agent-settings.js";
import { localeOrder } from "../asker-locales.js";

/**
 * A path as a user types it, confined to the agent's section: relative to the section unless it
 * already starts with it ("vpn" → "ops/vpn" for section "ops"). undefined for a path that tries to
 * leave (".." or "." segments) or is empty.
 */
export function sectionPath(agent: AgentSettings, raw: string): string | undefined {
  const segments = raw.trim().split("/").filter(Boolean);
  if (segments.length === 0 || segments.some((s) => s === "." || s === "..")) return undefined;
  const path = segments.join("/");
  const full = agent.section === "" || inSection(agent, path) ? path : `${agent.section}/${path}`;
  return inSection(agent, full) ? full : undefined;
}

/**
 * Resolves `ID|PATH`: digits are a page id, anything else a path (see sectionPath). A page outside
 * the agent's section or locale is treated as absent, so an agent never shows or edits another
 * section's pages. A path is looked up in the asker's language first (their Telegram
 * `language_code`, when the agent answers from it), then in the agent's locales in order. Wiki
 * failures other than "no such page" propagate.
 */
export async function findPage(
  wiki: WikiPort,
  agent: AgentSettings,
  ref: string,
  languageCode?: string,
): Promise<WikiPage | undefined> {
  const trimmed = ref.trim();
  if (/^\d+$/.test(trimmed)) {
    let page: WikiPage;
    try {
      page = await wiki.getPage(Number(trimmed));
    } catch (error) {
      if (isWikiError(error) && error.code === "wiki-page-not-found") return undefined;
      throw error;
    }
    return inSection(agent, page.path) && answersFrom(agent, page.locale) ? page : undefined;
  }
  const path = sectionPath(agent, trimmed);
  if (path === undefined) return undefined;
  for (const locale of localeOrder(agent, languageCode)) {
    const page = await wiki.getPageByPath(path, locale);
    if (page) return page;
  }
  return undefined;
}

/** Splits command arguments into the first line and the rest (the body). */
export function headAndBody(args: string): { head: string; body: string } {
  const newline = args.indexOf("\n");
  if (newline === -1) return { head: args.trim(), body: "" };
  return { head: args.slice(0, newline).trim(), body: args.slice(newline + 1).trim() };
}
