import type { WikiPort } from "../../wiki/types.js";
import { mutationError } from "../../wiki/wiki-error.js";
import type { UnansweredPage } from "./unanswered-page.js";

/** What writing the editors' page did. */
export type PageWrite = "created" | "updated" | "unchanged";

/**
 * Writes the editors' page at `path` (in `locale`) through the wiki's GraphQL API, as editors'
 * pages are written (WikiPort's write-once createPage and updatePage): created, published, when it
 * is not there; otherwise updated only when its content or title differs from what the wiki holds,
 * so a refresh that found nothing new writes nothing. An update changes the content and title only:
 * a page an editor unpublished (a draft) stays unpublished, and its tags and scripts stay. A refused
 * write rejects with the wiki's error (`wiki-mutation-failed`, its remedy naming the right missing).
 */
export async function writeUnansweredPage(
  wiki: Pick<WikiPort, "getPageByPath" | "createPage" | "updatePage">,
  target: { path: string; locale: string },
  page: UnansweredPage,
): Promise<PageWrite> {
  const current = await wiki.getPageByPath(target.path, target.locale);
  if (!current) {
    const result = await wiki.createPage({
      ...target,
      title: page.title,
      content: page.content,
      description: "",
    });
    if (!result.succeeded) throw mutationError("the creation of the unanswered questions page", result);
    return "created";
  }
  if (sameText(current.content, page.content) && current.title === page.title) return "unchanged";
  const result = await wiki.updatePage({ id: current.id, content: page.content, title: page.title, current });
  if (!result.succeeded) throw mutationError("the update of the unanswered questions page", result);
  return "updated";
}

/** The wiki may store the content with other line ends or without the last one. */
function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/\r\n/g, "\n").trimEnd();
  return norm(a) === norm(b);
}
