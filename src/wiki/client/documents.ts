/**
 * Every GraphQL document the client sends, in one place, so tests validate each one against the
 * Wiki.js 2.5 schema. Contract: user text only ever travels in variables, never in these strings.
 */
/** `content` last: an answer cut at WIKI_PAGE_MAX_BYTES still holds every other field (bounded-fetch.ts). */
const PAGE_FIELDS =
  "id path hash title description isPrivate isPublished tags { tag } contentType createdAt updatedAt editor locale publishStartDate publishEndDate scriptCss scriptJs content";
const RESULT_FIELDS = "responseResult { succeeded errorCode slug message }";

export const WIKI_DOCUMENTS = {
  /** No `limit`: it would count page×tag rows, not pages. */
  listPages: `query ListPages { pages { list(orderBy: ID) { id path locale title description contentType isPublished isPrivate createdAt updatedAt tags } } }`,
  getPage: `query GetPage($id: Int!) { pages { single(id: $id) { ${PAGE_FIELDS} } } }`,
  getPageByPath: `query GetPageByPath($path: String!, $locale: String!) { pages { singleByPath(path: $path, locale: $locale) { ${PAGE_FIELDS} } } }`,
  search: `query SearchPages($query: String!, $locale: String) { pages { search(query: $query, locale: $locale) { results { id title description path locale } suggestions totalHits } } }`,
  /** `page { id path }` only: Wiki.js's create answer has no locale (selecting it nulls `page`). */
  createPage: `mutation CreatePage($content: String!, $description: String!, $editor: String!, $isPublished: Boolean!, $isPrivate: Boolean!, $locale: String!, $path: String!, $tags: [String]!, $title: String!) { pages { create(content: $content, description: $description, editor: $editor, isPublished: $isPublished, isPrivate: $isPrivate, locale: $locale, path: $path, tags: $tags, title: $title) { ${RESULT_FIELDS} page { id path } } } }`,
  /**
   * content, tags, isPublished, isPrivate, the publication dates and the scripts are required here
   * on purpose: the client sends the page's current values back (see updatePage), so an edit never
   * publishes a draft or a scheduled page, nor deletes the page's CSS and JavaScript (Wiki.js
   * stores "" for each of these not sent).
   */
  updatePage: `mutation UpdatePage($id: Int!, $content: String!, $tags: [String]!, $isPublished: Boolean!, $isPrivate: Boolean!, $title: String!, $description: String!, $editor: String!, $publishStartDate: Date!, $publishEndDate: Date!, $scriptCss: String!, $scriptJs: String!) { pages { update(id: $id, content: $content, tags: $tags, isPublished: $isPublished, isPrivate: $isPrivate, title: $title, description: $description, editor: $editor, publishStartDate: $publishStartDate, publishEndDate: $publishEndDate, scriptCss: $scriptCss, scriptJs: $scriptJs) { ${RESULT_FIELDS} } } }`,
  /** probe: `single` needs manage:pages, which a guest never has. */
  probeSingle: `query ProbeSingle($id: Int!) { pages { single(id: $id) { id path } } }`,
  /**
   * probe of an empty wiki: an update of id 0 (ids start at 1) is refused "Forbidden" to a guest
   * and fails "Invalid Page Id" for a key with write rights, before anything is changed.
   */
  probeWrite: `mutation ProbeWrite($id: Int!, $content: String!, $tags: [String]!, $isPublished: Boolean!) { pages { update(id: $id, content: $content, tags: $tags, isPublished: $isPublished) { ${RESULT_FIELDS} } } }`,
} as const;

export type WikiOperation = keyof typeof WIKI_DOCUMENTS;

/** The operations that change the wiki: never resent blindly (see the transport). */
export function isWriteOperation(operation: WikiOperation): boolean {
  return operation === "createPage" || operation === "updatePage";
}
