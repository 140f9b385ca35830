/**
 * Every GraphQL document the client sends, in one place, so tests validate each one against the
 * Wiki.js 2.5 schema. Contract: user text only ever travels in variables, never in these strings.
 */
const PAGE_FIELDS =
  "id path hash title description isPrivate isPublished tags { tag } content contentType createdAt updatedAt editor locale";
const RESULT_FIELDS = "responseResult { succeeded errorCode slug message }";

export const WIKI_DOCUMENTS = {
  /** No `limit`: it would count page×tag rows, not pages. */
  listPages: `query ListPages { pages { list(orderBy: ID) { id path locale title description contentType isPublished isPrivate createdAt updatedAt tags } } }`,
  getPage: `query GetPage($id: Int!) { pages { single(id: $id) { ${PAGE_FIELDS} } } }`,
  getPageByPath: `query GetPageByPath($path: String!, $locale: String!) { pages { singleByPath(path: $path, locale: $locale) { ${PAGE_FIELDS} } } }`,
  search: `query SearchPages($query: String!, $locale: String) { pages { search(query: $query, locale: $locale) { results { id title description path locale } suggestions totalHits } } }`,
  createPage: `mutation CreatePage($content: String!, $description: String!, $editor: String!, $isPublished: Boolean!, $isPrivate: Boolean!, $locale: String!, $path: String!, $tags: [String]!, $title: String!) { pages { create(content: $content, description: $description, editor: $editor, isPublished: $isPublished, isPrivate: $isPrivate, locale: $locale, path: $path, tags: $tags, title: $title) { ${RESULT_FIELDS} page { id path } } } }`,
  /** content, tags and isPublished are required here on purpose (see updatePage). */
  updatePage: `mutation UpdatePage($id: Int!, $content: String!, $tags: [String]!, $isPublished: Boolean!, $title: String, $description: String) { pages { update(id: $id, content: $content, tags: $tags, isPublished: $isPublished, title: $title, description: $description) { ${RESULT_FIELDS} } } }`,
  /** probe: `single` needs manage:pages, which a guest never has. */
  probeSingle: `query ProbeSingle($id: Int!) { pages { single(id: $id) { id path } } }`,
  /**
   * probe of an empty wiki: an update of id 0 (ids start at 1) is refused "Forbidden" to a guest
   * and fails "Invalid Page Id" for a key with write rights, before anything is changed.
   */
  probeWrite: `mutation ProbeWrite($id: Int!, $content: String!, $tags: [String]!, $isPublished: Boolean!) { pages { update(id: $id, content: $content, tags: $tags, isPublished: $isPublished) { ${RESULT_FIELDS} } } }`,
} as const;

export type WikiOperation = keyof typeof WIKI_DOCUMENTS;
