import type { Logger } from "../../log/logger.js";
import type { SearchIndex } from "../../wiki/search-index/index.js";
import { firstSentence } from "../../wiki/short-message.js";
import type { MutationResult, WikiPage, WikiPort } from "../../wiki/types.js";
import { isWikiError } from "../../wiki/wiki-error.js";
import { html, type Texts } from "../../i18n/index.js";
import { agentTexts } from "../agent-language.js";
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
 * Editors' commands (the caller checks that the sender is an editor). An edit changes the content
 * only: the page as read is handed to WikiPort.updatePage, which sends its tags, publication,
 * privacy, title and description back unchanged (a draft stays a draft). After a success the page
 * is read again and put in the index at once, so the next answer already reflects the edit.
 * Replies say "Created", "Updated" or "Refused: <one sentence>" (in `texts`, the editor's
 * language); the wiki's whole message goes to the log (it may be a 16 KB SQL statement).
 */
export async function newCommand(
  deps: EditDeps,
  agent: AgentSettings,
  args: string,
  texts: Texts = agentTexts(agent),
): Promise<string> {
  const { head, body } = headAndBody(args);
  const [rawPath, ...titleWords] = head.split(/\s+/);
  if (!rawPath || titleWords.length === 0 || body === "") return texts.t("edit.usageNew");
  const unlinkable = unlinkableCharacters(rawPath);
  if (unlinkable.length > 0) {
    const characters = html(unlinkable.map((c) => `“${escapeHtml(c)}”`).join(", "));
    return texts.t("edit.unlinkablePath", { characters, count: unlinkable.length });
  }
  const path = sectionPath(agent, rawPath);
  if (path === undefined) return texts.t("edit.outsideSection", { path: rawPath });
  const title = titleWords.join(" ");
  const result = await write(deps, texts, "create", path, () =>
    deps.wiki.createPage({ path, locale: agent.locale, title, content: body, description: "" }),
  );
  if (typeof result === "string") return result;
  if (!result.succeeded) return refused(deps, texts, result);
  await reindex(deps, () =>
    result.page ? deps.wiki.getPage(result.page.id) : deps.wiki.getPageByPath(path, agent.locale),
  );
  return texts.t("edit.created", { link: pageLink(agent, { path, locale: agent.locale, title }) });
}

export async function editCommand(
  deps: EditDeps,
  agent: AgentSettings,
  args: string,
  texts: Texts = agentTexts(agent),
): Promise<string> {
  const { head, body } = headAndBody(args);
  if (head === "" || body === "") return texts.t("edit.usageEdit");
  const page = await findPage(deps.wiki, agent, head);
  if (!page) return texts.t("page.notFound", { ref: head });
  return update(deps, agent, texts, page, body);
}

export async function appendCommand(
  deps: EditDeps,
  agent: AgentSettings,
  args: string,
  texts: Texts = agentTexts(agent),
): Promise<string> {
  const { head, body } = headAndBody(args);
  const [ref, ...rest] = head.split(/\s+/);
  const text = [rest.join(" "), body].filter((p) => p !== "").join("\n");
  if (!ref || text === "") return texts.t("edit.usageAppend");
  const page = await findPage(deps.wiki, agent, ref);
  if (!page) return texts.t("page.notFound", { ref });
  return update(deps, agent, texts, page, `${page.content.trimEnd()}\n\n${text}\n`);
}

async function update(
  deps: EditDeps,
  agent: AgentSettings,
  texts: Texts,
  page: WikiPage,
  content: string,
): Promise<string> {
  const result = await write(deps, texts, "update", page.path, () =>
    deps.wiki.updatePage({ id: page.id, content, current: page }),
  );
  if (typeof result === "string") return result;
  if (!result.succeeded) return refused(deps, texts, result);
  await reindex(deps, () => deps.wiki.getPage(page.id));
  return texts.t("edit.updated", { link: pageLink(agent, page) });
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

/**
 * The characters of a path that Wiki.js 2.5 drops from page URLs (`? " | < > : *` and control
 * characters): a page stored with one is created, but its link leads nowhere.
 */
export function unlinkableCharacters(path: string): string[] {
  const found = path.match(/[?"|<>:*\x00-\x1f\x7f-\x9f]/g) ?? [];
  return [...new Set(found)].map((c) =>
    c.charCodeAt(0) < 0x20 || c.charCodeAt(0) >= 0x7f
      ? `U+${c.charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()}`
      : c,
  );
}

/** Runs a write; a write the wiki left unconfirmed becomes the editor's reply (a string). */
async function write(
  deps: EditDeps,
  texts: Texts,
  kind: "create" | "update",
  path: string,
  send: () => Promise<MutationResult>,
): Promise<MutationResult | string> {
  try {
    const result = await send();
    if (result.warning)
      deps.logger.warn({ kind, path, warning: result.warning }, "wiki write done with a warning");
    return result;
  } catch (error) {
    if (!isWikiError(error) || error.code !== "wiki-write-unconfirmed") throw error;
    deps.logger.warn({ ...describeWikiFailure(error), kind, path }, "wiki write not confirmed");
    return texts.t("edit.unconfirmed");
  }
}

function refused(deps: EditDeps, texts: Texts, result: MutationResult): string {
  deps.logger.info(
    { errorCode: result.errorCode, slug: result.slug, message: result.message },
    "the wiki refused an editor's change",
  );
  const reason = firstSentence(result.message || result.slug);
  return texts.t("edit.refused", { reason, slug: result.slug, code: result.errorCode });
}

function pageLink(agent: AgentSettings, page: { path: string; locale: string; title: string }) {
  return html(`<a href="${escapeAttribute(pageUrl(agent, page))}">${escapeHtml(page.title)}</a>`);
}
