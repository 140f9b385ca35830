import {
  createSandboxWiki,
  type SandboxWiki,
  type SandboxWikiOptions,
  type SeedPage,
} from "../../../../packages/sandbox/src/wiki/index.js";

export interface GqlAnswer {
  status: number;
  text: string;
  json: any;
}

export interface WikiHarness {
  wiki: SandboxWiki;
  base: string;
  admin: string;
  gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<GqlAnswer>;
  close(): Promise<void>;
}

export const SAMPLE_PAGES: SeedPage[] = [
  {
    path: "guides/install",
    title: "Install Guide",
    content: "# Install\nRun the installer.",
    description: "How to install",
    tags: ["setup", "linux"],
  },
  {
    path: "guides/backup",
    title: "Backups",
    content: "Copy the data folder.",
    description: "Keep copies",
    tags: ["ops"],
  },
  { path: "faq", title: "FAQ", content: "Questions.", description: "Frequently asked", tags: [] },
  {
    path: "drafts/secret",
    title: "Draft plan",
    content: "Not yet.",
    description: "unpublished",
    tags: ["setup"],
    isPublished: false,
  },
  {
    path: "fr/accueil",
    title: "Été Écrit",
    content: "Bonjour.",
    description: "page française",
    tags: ["setup"],
    locale: "fr",
  },
];

export async function readAnswer(response: Response): Promise<GqlAnswer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** A sandbox wiki on 127.0.0.1:0 seeded with SAMPLE_PAGES (unless `pages` given) and a full-access key. */
export async function startWiki(
  options: SandboxWikiOptions & { pages?: SeedPage[] } = {},
): Promise<WikiHarness> {
  const { pages, ...wikiOptions } = options;
  const wiki = createSandboxWiki(wikiOptions);
  const base = await wiki.listen();
  wiki.seed(pages ?? SAMPLE_PAGES);
  const admin = wiki.issueKey();
  return {
    wiki,
    base,
    admin,
    async gql(query, variables = {}, token) {
      const response = await fetch(`${base}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(10_000),
      });
      return readAnswer(response);
    },
    close: () => wiki.close(),
  };
}

export const CREATE = `mutation ($content: String!, $path: String!, $tags: [String]!, $title: String!, $locale: String!, $isPublished: Boolean!) {
  pages { create(content: $content, description: "d", editor: "markdown", isPublished: $isPublished, isPrivate: false,
    locale: $locale, path: $path, tags: $tags, title: $title) {
    responseResult { succeeded errorCode slug message } page { id path title tags { id tag } isPublished } } } }`;

export function createVars(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    content: "Body",
    path: "new/page",
    tags: ["a"],
    title: "New",
    locale: "en",
    isPublished: true,
    ...overrides,
  };
}
