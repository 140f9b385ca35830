import { buildSchema, type GraphQLSchema } from "graphql";

/**
 * The subset of the Wiki.js 2.5 GraphQL schema the gateway uses (docs/wikijs-2.5-facts.md):
 * type names, argument lists and nullability are exactly the real server's. `Date` is an
 * ISO-8601 string in both directions.
 */
export const WIKI_SCHEMA_SDL = `scalar Date

type Query {
  pages: PageQuery
}

type Mutation {
  pages: PageMutation
}

type PageQuery {
  search(query: String!, path: String, locale: String): PageSearchResponse!
  list(
    limit: Int
    orderBy: PageOrderBy
    orderByDirection: PageOrderByDirection
    tags: [String!]
    locale: String
    creatorId: Int
    authorId: Int
  ): [PageListItem!]!
  single(id: Int!): Page
  singleByPath(path: String!, locale: String!): Page
}

type PageMutation {
  create(
    content: String!
    description: String!
    editor: String!
    isPublished: Boolean!
    isPrivate: Boolean!
    locale: String!
    path: String!
    publishEndDate: Date
    publishStartDate: Date
    scriptCss: String
    scriptJs: String
    tags: [String]!
    title: String!
  ): PageResponse
  update(
    id: Int!
    content: String
    description: String
    editor: String
    isPrivate: Boolean
    isPublished: Boolean
    locale: String
    path: String
    publishEndDate: Date
    publishStartDate: Date
    scriptCss: String
    scriptJs: String
    tags: [String]
    title: String
  ): PageResponse
}

type ResponseStatus {
  succeeded: Boolean!
  errorCode: Int!
  slug: String!
  message: String
}

type PageResponse {
  responseResult: ResponseStatus!
  page: Page
}

type PageSearchResponse {
  results: [PageSearchResult]!
  suggestions: [String]!
  totalHits: Int!
}

type PageSearchResult {
  id: String!
  title: String!
  description: String!
  path: String!
  locale: String!
}

type PageListItem {
  id: Int!
  path: String!
  locale: String!
  title: String
  description: String
  contentType: String!
  isPublished: Boolean!
  isPrivate: Boolean!
  privateNS: String
  createdAt: Date!
  updatedAt: Date!
  tags: [String]
}

type Page {
  id: Int!
  path: String!
  hash: String!
  title: String!
  description: String!
  isPrivate: Boolean!
  isPublished: Boolean!
  tags: [PageTag]!
  content: String!
  render: String
  contentType: String!
  createdAt: Date!
  updatedAt: Date!
  editor: String!
  locale: String!
  publishStartDate: Date!
  publishEndDate: Date!
  scriptCss: String
  scriptJs: String
}

type PageTag {
  id: Int!
  tag: String!
  title: String
  createdAt: Date!
  updatedAt: Date!
}

enum PageOrderBy {
  CREATED
  ID
  PATH
  TITLE
  UPDATED
}

enum PageOrderByDirection {
  ASC
  DESC
}
`;

let built: GraphQLSchema | undefined;

/** The schema built once per process (buildSchema is the slow part). */
export function wikiSchema(): GraphQLSchema {
  built ??= buildSchema(WIKI_SCHEMA_SDL);
  return built;
}
