import type { Logger } from "../../log/logger.js";
import type { SearchIndex } from "../../wiki/search-index/index.js";
import type { MutationResult, WikiPage, WikiPort } from "../../wiki/types.js";
import { type AgentSettings, pageUrl } from "../agent-settings.js";
import { escapeAttribute, escapeHtml } from "../format/index.js";
import { describeWikiFailure } from "../wiki-failure.js";
import { findPage, headAndBody, sectionPath } from "./page-ref.js";

export interface EditDeps {
  index: SearchIndex;
  wiki: WikiPort;
  logger: Logger;
}

/**
 * Editors' commands (the caller checks that the sender is an editor). Updates go through
 * WikiPort.updatePage with the page id and content only: the port sends the current tags and
 * isPublished (the safe form). After a success the page is read again and put in the index at
 * once, so the next answer already reflects the edit. Replies quote the wiki's own message.
 */
export async function newCommand(deps: EditDeps, agent: AgentSettings, args: string): Promise<string> {
  const { head, body } = headAndBody(args);
  const [rawPath, ...titleWords] = head.split(/\s+/);
  if (!rawPath || titleWords.length === 0 || body === "") {
    return "Usage: /new PATH TITLE, then the page text on the next lines.";
  }
  const path = sectionPath(agent, rawPath);
  if (path === undefined) return `“${escapeHtml(rawPath)}” is not a path in this section.`;
  const title = titleWords.join(" ");
  const result = await deps.wiki.createPage({
    path,
    locale: agent.locale,
    title,
    content: body,
    description: "",
  });
  if (!result.succeeded) return refused(result);
  await reindex(deps, () =>
    result.page ? deps.wiki.getPage(result.page.id) : deps.wiki.getPageByPath(path, agent.locale),
  );
  return done(result, agent, { path, locale: agent.locale, title });
}

export async function editCommand(deps: EditDeps, agent: AgentSettings, args: string): Promise<string> {
  const { head, body } = headAndBody(args);
  if (head === "" || body === "") return "Usage: /edit ID|PATH, then the new page text on the next lines.";
  const page = await findPage(deps.wiki, agent, head);
  if (!page) return `No page “${escapeHtml(head)}” here.`;
  return update(deps, agent, page, body);
}

export async function appendCommand(deps: EditDeps, agent: AgentSettings, args: string): Promise<string> {
  const { head, body } = headAndBody(args);
  const [ref, ...rest] = head.split(/\s+/);
  const text = [rest.join(" "), body].filter((p) => p !== "").join("\n");
  if (!ref || text === "") return "Usage: /append ID|PATH TEXT (the text may go on the next lines).";
  const page = await findPage(deps.wiki, agent, ref);
  if (!page) return `No page “${escapeHtml(ref)}” here.`;
  return update(deps, agent, page, `${page.content.trimEnd()}\n\n${text}\n`);
}

async function update(
  deps: EditDeps,
  agent: AgentSettings,
  page: WikiPage,
  content: string,
): Promise<string> {
  const result = await deps.wiki.updatePage({ id: page.id, content });
  if (!result.succeeded) return refused(result);
  await reindex(deps, () => deps.wiki.getPage(page.id));
  return done(result, agent, page);
}

/** Puts the fresh page in the index; a failure here is logged, the edit itself succeeded. */
async function reindex(deps: EditDeps, read: () => Promise<WikiPage | undefined>): Promise<void> {
  try {
    const fresh = await read();
    if (fresh) deps.index.upsertPage(fresh);
  } catch (error) {
    deps.logger.warn(
      { ...describeWikiFailure(error) },
      "edited page not re-read; the index catches up at its next refresh",
    );
  }
}

function refused(result: MutationResult): string {
  return `The wiki refused: ${escapeHtml(result.message || result.slug)} (${escapeHtml(result.slug)}, ${result.errorCode}).`;
}

function done(
  result: MutationResult,
  agent: AgentSettings,
  page: { path: string; locale: string; title: string },
): string {
  return `${escapeHtml(result.message)}\n<a href="${escapeAttribute(pageUrl(agent, page))}">${escapeHtml(page.title)}</a>`;
}
