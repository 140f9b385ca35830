import { createGraphqlHandler, type GraphqlPayload, type HandlerAnswer } from "./graphql-handler.js";
import { createWikiHttp, type HttpControls } from "./http-server.js";
import { createKeyRing, initialKeyState, type IssueKeyOptions } from "./keys.js";
import { createPageStore } from "./page-store.js";
import type { RequestContext } from "./page-view.js";
import { createPersistence, loadWikiFile, type WikiFile } from "./persistence.js";
import { createRootValue } from "./resolvers.js";
import { insidePublishWindow, pageFromUrl } from "./page-url.js";
import { WIKI_SCHEMA_SDL } from "./schema.js";
import { type SeedPage, seedPages } from "./seed.js";
import type { TreeJobFailure, WriteModelControls } from "./write-model.js";

export type { IssueKeyOptions } from "./keys.js";
export type { SeedPage } from "./seed.js";
export type { TreeJobFailure } from "./write-model.js";
export { WIKI_SCHEMA_SDL } from "./schema.js";

export interface SandboxWikiOptions {
  /** Folder of `wiki.json` (pages, keys, secret); without it everything stays in memory. */
  dataDir?: string;
  /** Clock in ms (token expiry, page dates). */
  now?: () => number;
  /** JWT signing secret; default: the saved one, else random. */
  secret?: string;
  /** How long a create or update takes after saving, like a real wiki's render; default 0. */
  writeLatencyMs?: number;
}

/** A Wiki.js 2.5-compatible GraphQL server for tests, benchmarks and the demo (docs/wikijs-2.5-facts.md). */
export interface SandboxWiki {
  /** Resolves the base URL, e.g. "http://127.0.0.1:PORT"; GraphQL at `${base}/graphql`. */
  listen(port?: number, host?: string): Promise<string>;
  /** Closes sockets and writes pending changes; never hangs. */
  close(): Promise<void>;
  /** An HS256 API key `{api, grp, iat, exp, aud, iss}`; full access unless `fullAccess: false`. */
  issueKey(options?: IssueKeyOptions): string;
  revokeKey(token: string): void;
  setApiEnabled(enabled: boolean): void;
  /** "401"/"403": every request gets that bare answer, like a reverse proxy in front. */
  setProxyMode(mode: "none" | "401" | "403"): void;
  /**
   * true: the port stops listening and open connections drop (clients get ECONNREFUSED); false:
   * listening again on the same port. Resolves when the change is in place.
   */
  setDown(down: boolean): Promise<void>;
  setLatency(ms: number): void;
  /** A hostile wiki: every GraphQL answer padded to this many bytes more (0: off). */
  setAnswerPadding(bytes: number): void;
  /**
   * Requests that run this GraphQL field ("pages.single", ...) wait until the returned function is
   * called (or the wiki closes): a build kept under way for as long as a test needs.
   */
  holdOperation(field: string): () => void;
  /** Time between saving a page and answering a create or update (a real wiki: seconds). */
  setWriteLatency(ms: number): void;
  /** When the page-tree job of a create fails although the page is saved (default "concurrent"). */
  setTreeJobFailure(mode: TreeJobFailure): void;
  /** HTTP requests received (any path), and GraphQL fields run per operation ("pages.list", "pages.create", ...). */
  stats(): { requests: number; byOperation: Record<string, number> };
  /** Pages stored; with `which`, only those it accepts (by path and locale). */
  pageCount(which?: (page: { path: string; locale: string }) => boolean): number;
  seed(pages: SeedPage[]): void;
  schemaSdl: string;
}

const REJECT = (message: string): HandlerAnswer => ({
  status: 500,
  json: { data: {}, errors: [{ message, path: [] }] },
});

export function createSandboxWiki(options: SandboxWikiOptions = {}): SandboxWiki {
  const now = options.now ?? Date.now;
  const saved = options.dataDir ? loadWikiFile(options.dataDir) : undefined;
  const keyState = saved?.keys ?? initialKeyState(options.secret);
  if (options.secret) keyState.secret = options.secret;
  let apiEnabled = saved?.apiEnabled ?? true;

  const snapshot = (): WikiFile => ({ version: 1, apiEnabled, keys: keyState, store: store.snapshot() });
  const persistence = options.dataDir ? createPersistence(options.dataDir, snapshot) : undefined;
  const changed = () => persistence?.markDirty();
  const store = createPageStore(saved?.store, now, changed);
  const keys = createKeyRing(keyState, now, changed);
  const writeModel: WriteModelControls = {
    writeLatencyMs: Math.max(0, options.writeLatencyMs ?? 0),
    treeJobFailure: "concurrent",
  };
  const graphql = createGraphqlHandler(createRootValue(store, writeModel));
  const counters = { requests: 0, byOperation: {} as Record<string, number> };
  const controls: HttpControls = {
    proxyMode: "none",
    latencyMs: 0,
    onRequest: () => void counters.requests++,
  };
  /** Held fields, each with the promise its requests wait for and its release. */
  const holds = new Map<string, { released: Promise<void>; release: () => void }>();

  async function handle(
    payload: GraphqlPayload | GraphqlPayload[],
    authorization: string | undefined,
    method: string,
  ) {
    const batch = Array.isArray(payload) ? payload : [payload];
    const fields = batch.flatMap((item) => graphql.operations(item ?? {}));
    for (const op of fields) counters.byOperation[op] = (counters.byOperation[op] ?? 0) + 1;
    await Promise.all(fields.map((op) => holds.get(op)?.released));
    const auth = keys.authenticate(authorization, apiEnabled);
    if (auth.kind === "reject") return REJECT(auth.message);
    const context: RequestContext = { principal: auth.kind === "principal" ? auth.principal : null };
    if (!Array.isArray(payload)) return graphql.run(payload, context, method);
    const answers = await Promise.all(payload.map((item) => graphql.run(item ?? {}, context, method)));
    return {
      status: 200,
      json: answers.map((a) => ("json" in a ? a.json : { errors: [{ message: a.text }] })),
    };
  }

  const pageAt = (pathname: string) => {
    const { locale, path } = pageFromUrl(pathname);
    const page = store.getByPath(path, locale);
    if (!page) return "missing" as const;
    return page.isPublished && insidePublishWindow(page, now()) ? ("shown" as const) : ("refused" as const);
  };
  const http = createWikiHttp({ handle, pageAt }, controls);

  return {
    async listen(port = 0, host = "127.0.0.1") {
      const bound = await http.listen(port, host);
      const shown =
        host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
      return `http://${shown}:${bound}`;
    },
    async close() {
      for (const hold of [...holds.values()]) hold.release();
      await http.close();
      await persistence?.flush();
    },
    issueKey: (opts) => keys.issue(opts),
    revokeKey: (token) => keys.revoke(token),
    setApiEnabled(enabled) {
      apiEnabled = enabled;
      changed();
    },
    setProxyMode(mode) {
      controls.proxyMode = mode;
    },
    setDown: (down) => http.setDown(down),
    setLatency(ms) {
      controls.latencyMs = Math.max(0, ms);
    },
    setAnswerPadding(bytes) {
      controls.answerPaddingBytes = Math.max(0, bytes);
    },
    holdOperation(field) {
      const existing = holds.get(field);
      if (existing) return existing.release;
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = () => {
          if (holds.get(field)?.released === released) holds.delete(field);
          resolve();
        };
      });
      holds.set(field, { released, release });
      return release;
    },
    setWriteLatency(ms) {
      writeModel.writeLatencyMs = Math.max(0, ms);
    },
    setTreeJobFailure(mode) {
      writeModel.treeJobFailure = mode;
    },
    stats: () => ({ requests: counters.requests, byOperation: { ...counters.byOperation } }),
    pageCount: (which) => (which ? [...store.all()].filter(which).length : store.size()),
    seed: (pages) => seedPages(store, pages),
    schemaSdl: WIKI_SCHEMA_SDL,
  };
}
