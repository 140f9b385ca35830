import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import type { createWikiView } from "./wiki-view.js";

export interface DemoWebOptions {
  /** Folder of the built page (the package's dist/web). */
  webDir: string;
  /** Where `/__sandbox/*` is forwarded (the Telegram sandbox's root URL). */
  sandboxUrl: string;
  info: () => unknown;
  approve: (code: string, account: string) => Promise<{ ok: boolean; message: string }>;
  /** The demo wiki on this origin: `/graphql` passed through, `/<locale>/<path>` rendered. */
  wiki?: ReturnType<typeof createWikiView>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json",
  ".png": "image/png",
};

/**
 * The demo's chat page server: the static page, `/demo/*` (info, approve) and a pass-through to
 * the Telegram sandbox's control API, so the page has one origin. Listens on 127.0.0.1 only.
 */
export function createDemoWebServer(options: DemoWebOptions) {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { error: error.message }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname.startsWith("/__sandbox/")) return proxy(req, res, url);
    if (url.pathname === "/demo/info") return send(res, 200, options.info());
    if (url.pathname === "/demo/approve" && req.method === "POST") {
      const body = JSON.parse((await readBody(req)) || "{}") as { code?: string; account?: string };
      if (typeof body.code !== "string" || typeof body.account !== "string") {
        return send(res, 400, { ok: false, message: "send {code, account}" });
      }
      return send(res, 200, await options.approve(body.code, body.account));
    }
    if (url.pathname === "/favicon.ico") return void res.writeHead(204).end();
    if (options.wiki && (await options.wiki.handle(req, res, url, () => readBody(req)))) return;
    const file = url.pathname === "/" ? "index.html" : normalize(url.pathname).replace(/^([/\\])+/, "");
    if (file.includes("..")) return send(res, 404, { error: "not found" });
    try {
      const data = await readFile(join(options.webDir, file));
      res.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": "no-store",
      });
      res.end(data);
    } catch {
      send(res, 404, { error: "not found" });
    }
  }

  async function proxy(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
    const upstream = await fetch(new URL(url.pathname + url.search, options.sandboxUrl), {
      method: req.method ?? "GET",
      headers: { "content-type": req.headers["content-type"] ?? "application/json" },
      ...(body !== undefined ? { body } : {}),
    });
    res.writeHead(upstream.status, {
      "content-type": upstream.headers.get("content-type") ?? "application/json",
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  }

  return {
    async listen(port = 0, host = "127.0.0.1"): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      return `http://${host}:${address.port}`;
    },
    close(): Promise<void> {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      data += chunk;
      if (data.length > 1_000_000) req.destroy(new Error("body too large"));
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}
