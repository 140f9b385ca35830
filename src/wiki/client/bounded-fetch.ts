import { WikiError } from "../wiki-error.js";

export interface ReadBounds {
  /** Largest answer read, in bytes, counted as it arrives (WIKI_RESPONSE_MAX_BYTES). */
  responseMaxBytes: number;
  /** Most of one page's content read (WIKI_PAGE_MAX_BYTES); a page's answer is read up to it. */
  pageMaxBytes: number;
}

/** Room for a page's other fields (path, title, tags …), which come before its content. */
const PAGE_FIELDS_BYTES = 64 * 1024;
/** Every answer but the page list and a page (a probe, a search, a write's result) is this small. */
const SMALL_ANSWER_BYTES = 1024 * 1024;
/** The field a cut page answer is closed with (convert.ts reads it). */
export const CONTENT_CUT_FIELD = "contentCut";

/**
 * A fetch for the GraphQL client whose answers are read within a byte bound while they arrive,
 * before anything parses them: the page list past `responseMaxBytes`, any other answer but a page
 * past 1 MiB (a probe, a search, a write's result are a few KB), is refused
 * (`wiki-response-too-large`) and its connection dropped, never held whole in memory. The answer
 * to a page read (GetPage, GetPageByPath, whose `content` is selected last) is read up to
 * `pageMaxBytes` of content instead: what came is closed as JSON with `contentCut: true`, so the
 * page is indexed up to the bound.
 */
export function boundedFetch(base: typeof fetch, bounds: ReadBounds): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    const kind = answerKind(init?.body);
    const page = kind === "page";
    const limit =
      kind === "page"
        ? bounds.pageMaxBytes + PAGE_FIELDS_BYTES
        : kind === "list"
          ? bounds.responseMaxBytes
          : Math.min(SMALL_ANSWER_BYTES, bounds.responseMaxBytes);
    // An answer that says it is too long is not read at all (unless a page's part is wanted).
    const declared = Number(res.headers.get("content-length") ?? Number.NaN);
    const read =
      !page && declared > limit
        ? (await res.body?.cancel().catch(() => {}), { text: "", complete: false })
        : await readUpTo(res, limit, page);
    const text = read.complete ? read.text : page ? closeCutPage(read.text) : undefined;
    if (text === undefined)
      throw new WikiError(
        "wiki-response-too-large",
        `the wiki's answer is larger than ${limit} bytes (WIKI_RESPONSE_MAX_BYTES) and was refused`,
      );
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/** A page read (GetPage, GetPageByPath), the page list, or any other (small) answer. */
function answerKind(body: unknown): "page" | "list" | "small" {
  if (typeof body !== "string") return "small";
  if (/^\{"query":"query GetPage(ByPath)?\(/.test(body)) return "page";
  return body.startsWith('{"query":"query ListPages') ? "list" : "small";
}

/**
 * The body's text up to `limit` bytes; `complete` false when there was more (the rest is not read),
 * and then the text only when `keepCut` (else "": a refused answer is never decoded).
 */
async function readUpTo(
  res: Response,
  limit: number,
  keepCut: boolean,
): Promise<{ text: string; complete: boolean }> {
  if (!res.body) return { text: "", complete: true };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes + value.byteLength > limit) {
      await reader.cancel().catch(() => {});
      if (!keepCut) return { text: "", complete: false };
      chunks.push(value.subarray(0, limit - bytes));
      // A character cut at the bound is left out rather than shown as U+FFFD.
      return { text: decode(chunks).replace(/\uFFFD$/, ""), complete: false };
    }
    chunks.push(value);
    bytes += value.byteLength;
  }
  return { text: decode(chunks), complete: true };
}

function decode(chunks: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  let text = "";
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text;
}

/**
 * Closes a page's answer cut inside its `content` (the last field): the string so far, without an
 * escape cut in half, then `"contentCut":true` and the open objects. Undefined when the cut is not
 * inside the content (then the answer is refused).
 */
export function closeCutPage(prefix: string): string | undefined {
  const at = prefix.indexOf('"content":"');
  if (at < 0) return undefined;
  const content = prefix.slice(at).replace(/\\u[0-9a-fA-F]{0,3}$/, "");
  const trailing = /\\+$/.exec(content)?.[0].length ?? 0;
  const whole = content.slice(0, content.length - (trailing % 2));
  const closed = `${prefix.slice(0, at)}${whole}","${CONTENT_CUT_FIELD}":true}}}}`;
  try {
    JSON.parse(closed);
    return closed;
  } catch {
    return undefined;
  }
}
