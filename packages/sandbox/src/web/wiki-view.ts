import type { IncomingMessage, ServerResponse } from "node:http";
import { Marked } from "marked";

export interface WikiViewOptions {
  /** The sandbox wiki's base URL (GraphQL at `${wikiUrl}/graphql`). */
  wikiUrl: string;
  /** Reads the API key the view uses to fetch pages. */
  token: () => Promise<string>;
}

const PAGE_QUERY =
  "query ($path: String!, $locale: String!) { pages { singleByPath(path: $path, locale: $locale) { title description content } } }";

const markdown = new Marked({ gfm: true });
// Pages are shown as text, never as markup of their own: raw HTML in a page is escaped.
markdown.use({ renderer: { html: ({ text }) => escapeHtml(text) } });

/**
 * The demo wiki as a reader sees it, on the chat page's origin: the gateway's WIKI_URL points here,
 * so `POST /graphql` is passed through to the sandbox wiki unchanged (status, body, headers that
 * matter) and the page links the bots send (`/<locale>/<path>`) open a rendered page.
 * `handle` answers false for any other URL.
 */
export function createWikiView(options: WikiViewOptions) {
  async function proxyGraphql(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: string,
  ): Promise<void> {
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "authorization"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const upstream = await fetch(`${options.wikiUrl}/graphql${url.search}`, {
      method: req.method ?? "POST",
      headers,
      ...(req.method === "GET" || req.method === "HEAD" ? {} : { body }),
    });
    res.writeHead(upstream.status, {
      "content-type": upstream.headers.get("content-type") ?? "application/json",
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  }

  async function page(res: ServerResponse, locale: string, path: string): Promise<void> {
    const answer = await fetch(`${options.wikiUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await options.token()}` },
      body: JSON.stringify({ query: PAGE_QUERY, variables: { path, locale } }),
    });
    const json = (await answer.json()) as {
      data?: { pages?: { singleByPath?: { title: string; description: string; content: string } | null } };
    };
    const found = json.data?.pages?.singleByPath;
    const title = found?.title ?? "Page not found";
    const body = found
      ? `<p class="description">${escapeHtml(found.description)}</p>${await markdown.parse(found.content)}`
      : `<p>No page at <code>/${escapeHtml(locale)}/${escapeHtml(path)}</code> in the demo wiki.</p>`;
    res.writeHead(found ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(title)} · demo wiki</title>` +
        `<link rel="stylesheet" href="/wiki.css"></head><body><article><p class="crumb">demo wiki · /${escapeHtml(locale)}/${escapeHtml(path)}</p>${body}</article></body></html>`,
    );
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, url: URL, readBody: () => Promise<string>) {
      if (url.pathname === "/graphql") {
        await proxyGraphql(req, res, url, req.method === "GET" ? "" : await readBody());
        return true;
      }
      const match = /^\/([a-z]{2}(?:-[a-z]{2})?)\/(.+)$/.exec(url.pathname);
      if (!match || req.method !== "GET") return false;
      await page(res, match[1]!, decodeURIComponent(match[2]!).replace(/\/+$/, ""));
      return true;
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}
