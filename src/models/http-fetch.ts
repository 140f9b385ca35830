import { type IncomingMessage, request as httpRequest, Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import type { Fetch } from "./chat-types.js";

/**
 * `fetch` for the model server over node:http, so that a call given up (its timeout, the asker's
 * stop, a reply too long) closes its connection at once: Node's own fetch keeps the socket of an
 * aborted request open until the server ends its answer, which a hanging or dripping server never
 * does. Connections are kept alive between whole answers. Takes what the model client sends: a
 * method, headers, a string body, a signal.
 */
export function createHttpFetch(): Fetch {
  const agents = {
    "http:": new HttpAgent({ keepAlive: true }),
    "https:": new HttpsAgent({ keepAlive: true }),
  };
  return ((input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const secure = url.protocol === "https:";
    const send = secure ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const req = send(url, {
        method: init.method ?? "GET",
        headers: init.headers as Record<string, string>,
        agent: agents[secure ? "https:" : "http:"],
        ...(init.signal ? { signal: init.signal } : {}),
      });
      req.once("response", (res) => resolve(responseOf(res)));
      // Shaped as fetch's failure: a TypeError with the socket's error (its code) as the cause.
      req.once("error", (error) =>
        reject(init.signal?.aborted ? init.signal.reason : new TypeError("fetch failed", { cause: error })),
      );
      req.end(typeof init.body === "string" ? init.body : undefined);
    });
  }) as Fetch;
}

/** The answer as a web Response; cancelling its body destroys the connection. */
function responseOf(res: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const status = res.statusCode ?? 500;
  const empty = status === 204 || status === 304;
  if (empty) res.resume();
  const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: res.statusMessage ?? "", headers });
}
