import { WikiError } from "../wiki-error.js";

/**
 * The GraphQL endpoint for a configured wiki URL: `{base}/graphql`. A URL already ending in
 * `/graphql` is kept; a REST-style path (`/api/...`) is refused with the spec's remedy.
 */
export function graphqlEndpoint(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new WikiError("wiki-url-invalid", `WIKI_URL "${baseUrl}" is not an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new WikiError("wiki-url-invalid", `WIKI_URL must be http(s), not ${url.protocol}`);
  }
  if (/(^|\/)api(\/|$)/.test(url.pathname)) {
    throw new WikiError("wiki-rest-path", `WIKI_URL ${url.origin}${url.pathname} points at a REST path`);
  }
  const path = url.pathname.replace(/\/+$/, "");
  url.pathname = path.endsWith("/graphql") ? path : `${path}/graphql`;
  url.search = "";
  url.hash = "";
  return url.toString();
}

/** The wiki's public base URL (without /graphql), for links. */
export function wikiBaseUrl(baseUrl: string): string {
  return graphqlEndpoint(baseUrl).replace(/\/graphql$/, "");
}
