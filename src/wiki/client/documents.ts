/**
 * Every GraphQL document the client sends, in one place, so tests validate each one against the
 * Wiki.js 2.5 schema. User text only ever travels in variables.
 */
const PAGE_FIELDS =
  "id path hash title description isPrivate isPublished tags { tag } content contentType createdAt updatedAt editor locale";

export const WIKI_DOCUMENTS = {
  listPages: `query ListPages($locale: String) { pages { list(locale: $locale, orderBy: ID) { id path locale title description contentType isPublished isPrivate createdAt updatedAt tags } } }`,
  getPage: `query GetPage($id: Int!) { pages { single(id: $id) { ${PAGE_FIELDS} } } }`,
  getPageByPath: `query GetPageByPath($path: String!, $locale: String!) { pages { singleByPath(path: $path, locale: $locale) { ${PAGE_FIELDS} } } }`,
  probePath: `query ProbePath($path: String!, $locale: String!) { pages { singleByPath(path: $path, locale: $locale) { id } } }`,
  search: `query SearchPages($query: String!, $locale: String) { pages { search(query: $query, locale: $locale) { results { id title description path locale } suggestions totalHits } } }`,
  createPage: `mutation CreatePage($content: String!, $description: String!, $editor: String!, $isPublished: Boolean!, $isPrivate: Boolean!, $locale: String!, $path: String!, $tags: [String]!, $title: String!) { pages { create(content: $content, description: $description, editor: $editor, isPublished: $isPublished, isPrivate: $isPrivate, locale: $locale, path: $path, tags: $tags, title: $title) { responseResult { succeeded errorCode slug message } page { id path } } } }`,
  updatePage: `mutation UpdatePage($id: Int!, $content: String!, $tags: [String]!, $isPublished: Boolean!, $title: String, $description: String) { pages { update(id: $id, content: $content, tags: $tags, isPublished: $isPublished, title: $title, description: $description) { responseResult { succeeded errorCode slug message } } } }`,
} as const;

export type WikiOperation = keyof typeof WIKI_DOCUMENTS;
