import { sendPadded } from "../padded-answer.js";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { GraphqlPayload, HandlerAnswer } from "./graphql-handler.js";
import { jsonErrorMessage } from "./json-error.js";

/** What the server asks the wiki for each /graphql request. */
export interface WikiEndpoint {
  handle(
    payload: GraphqlPayload | GraphqlPayload[],
    authorization: string | undefined,
    method: string,
  ): Promise<HandlerAnswer>;
  /** Whether a page URL (any path but /graphql) leads to a published page. */
  /**
   * What a guest gets at a page URL: the page, a refusal (a draft, or a page outside its
   * publication window: Wiki.js answers 403 to readers without write rights), or nothing there.
   */
  pageAt(pathname: string): "shown" | "refused" | "missing";
}

export interface HttpControls {
  proxyMode: "none" | "401" | "403";
  latencyMs: number;
  /**
   * A hostile wiki: every GraphQL answer is followed by this many spaces (still valid JSON),
   * streamed as the client reads, so an answer of 100 MB costs the sandbox no memory. 0: off.
   */
  answerPaddingBytes?: number;
  /** Called once per HTTP request received (any path). */
  onRequest?: () => void;
}

/** Express's body-parser limit in Wiki.js 2.5. */
const BODY_LIMIT = 5 * 1024 * 1024;
const BODY_MISSING = "POST body missing. Did you forget use body-parser middleware?";
const NOT_FOUND_HTML =
  "<!DOCTYPE html><html><head><title>Wiki.js</title></head><body><h1>Oops, something went wrong...</h1>" +
  "<h2>404 - Not Found</h2><p>This page does not exist.</p></body></html>\n";

const UNAUTHORIZED_HTML =
  "<!DOCTYPE html><html><head><title>Unauthorized</title></head><body><h1>Unauthorized</h1></body></html>\n";

const PAGE_HTML = "<!DOCTYPE html><html><head><title>Wiki.js</title></head><body></body></html>\n";

function send(res: ServerResponse, status: number, body: string, type: string): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function sendAnswer(res: ServerResponse, answer: HandlerAnswer): void {
  if ("json" in answer)
    send(res, answer.status, JSON.stringify(answer.json), "application/json; charset=utf-8");
  else
    send(
      res,
      answer.status,
      answer.text,
      /^<(!DOCTYPE )?html>/i.test(answer.text) ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
    );
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function payloadOf(
  req: IncomingMessage,
  url: URL,
): Promise<HandlerAnswer | { payload: GraphqlPayload | GraphqlPayload[] }> {
  if (req.method === "GET") {
    const variables = url.searchParams.get("variables");
    let parsed: unknown;
    try {
      parsed = variables ? JSON.parse(variables) : undefined;
    } catch {
      return { status: 400, text: "Variables are invalid JSON." };
    }
    return {
      payload: {
        query: url.searchParams.get("query") ?? undefined,
        variables: parsed,
        operationName: url.searchParams.get("operationName"),
      },
    };
  }
  if (req.method !== "POST") return { status: 405, text: "Apollo Server supports only GET/POST requests." };
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  const text = await readBody(req);
  if (text === undefined)
    return { status: 413, json: { data: {}, errors: [{ message: "request entity too large" }] } };
  if (type !== "application/json" || text.trim() === "") return { status: 500, text: BODY_MISSING };
  try {
    const first = /\S/.exec(text)?.[0];
    if (first !== "{" && first !== "[") throw new SyntaxError("strict");
    return { payload: JSON.parse(text) as GraphqlPayload | GraphqlPayload[] };
  } catch {
    return { status: 400, json: { data: {}, errors: [{ message: jsonErrorMessage(text) }] } };
  }
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const PROXY_PAGE = (status: number, title: string) =>
  `<html>\r\n<head><title>${status} ${title}</title></head>\r\n<body>\r\n<center><h1>${status} ${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

/**
 * The wiki's HTTP side: `/graphql` and `/graphql/` (POST JSON, or GET ?query=); a GET of a
 * published page's URL answers 200 HTML (no content: the gateway only links to it), of a draft or
 * a page outside its publication window 403 HTML; every other path 404 HTML. Controls apply to every request: `proxyMode` answers a bare 401/403 page like a
 * reverse proxy, `latencyMs` delays each answer. `setDown(true)` stops listening and drops open
 * connections, so clients get ECONNREFUSED; `setDown(false)` listens again on the same port.
 */
export function createWikiHttp(endpoint: WikiEndpoint, controls: HttpControls) {
  const sockets = new Set<Socket>();

  let down = false;
  let bound: { port: number; host: string } | undefined;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (down) return void req.socket.destroy();
    controls.onRequest?.();
    const url = new URL(req.url ?? "/", "http://wiki");
    let answer: HandlerAnswer;
    if (controls.proxyMode === "401") {
      req.resume();
      answer = { status: 401, text: PROXY_PAGE(401, "Authorization Required") };
    } else if (controls.proxyMode === "403") {
      req.resume();
      answer = { status: 403, text: PROXY_PAGE(403, "Forbidden") };
    } else if (url.pathname === "/graphql" || url.pathname === "/graphql/") {
      const read = await payloadOf(req, url);
      answer =
        "payload" in read
          ? await endpoint.handle(read.payload, req.headers.authorization, req.method ?? "POST")
          : read;
    } else {
      req.resume();
      const found = req.method === "GET" ? endpoint.pageAt(url.pathname) : "missing";
      answer =
        found === "shown"
          ? { status: 200, text: PAGE_HTML }
          : found === "refused"
            ? { status: 403, text: UNAUTHORIZED_HTML }
            : { status: 404, text: NOT_FOUND_HTML };
    }
    if (controls.latencyMs > 0) await wait(controls.latencyMs);
    if (down) return void req.socket.destroy();
    const padding = controls.answerPaddingBytes ?? 0;
    if (padding > 0 && "json" in answer) sendPadded(res, answer.status, JSON.stringify(answer.json), padding);
    else sendAnswer(res, answer);
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) =>
      send(res, 500, `Internal Server Error: ${String(error)}`, "text/plain"),
    );
  });
  server.keepAliveTimeout = 30_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  function listenOn(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });
  }

  function stopListening(): Promise<void> {
    return new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  let transition: Promise<unknown> = Promise.resolve();

  return {
    async listen(port: number, host: string): Promise<number> {
      const actual = await listenOn(port, host);
      bound = { port: actual, host };
      return actual;
    },
    /** Refuses connections (true) or accepts them again (false); resolves when done. */
    setDown(value: boolean): Promise<void> {
      down = value;
      const next = transition.then(async () => {
        if (value) await stopListening();
        else if (bound && !server.listening) await listenOn(bound.port, bound.host);
      });
      transition = next.catch(() => {});
      return next;
    },
    async close(): Promise<void> {
      bound = undefined;
      await transition;
      await stopListening();
    },
  };
}
