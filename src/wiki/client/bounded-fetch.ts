import { WikiError } from "../wiki-error.js";

export interface ReadBounds {
  /** Largest answer read, in bytes, counted as it arrives (WIKI_RESPONSE_MAX_BYTES). */
  responseMaxBytes: number;
  /** Most of one page's content read (WIKI_PAGE_MAX_BYTES); a page's answer is read up to it. */
  pageMaxBytes: number;
}

/** Room for a page's other fields (path, title, tags …), which come before its content. */
const PAGE_FIELDS_BYTES = 64 * 1024;
/** The field a cut page answer is closed with (convert.ts reads it). */
export const CONTENT_CUT_FIELD = "contentCut";

/**
 * A fetch for the GraphQL client whose answers are read within a byte bound while they arrive,
 * before anything parses them: an answer past `responseMaxBytes` is refused
 * (`wiki-response-too-large`) and its connection dropped, never held whole in memory. The answer
 * to a page read (GetPage, GetPageByPath, whose `content` is selected last) is read up to
 * `pageMaxBytes` of content instead: what came is closed as JSON with `contentCut: true`, so the
 * page is indexed up to the bound.
 */
export function boundedFetch(base: typeof fetch, bounds: ReadBounds): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    const page = isPageRead(init?.body);
    const limit = page ? bounds.pageMaxBytes + PAGE_FIELDS_BYTES : bounds.responseMaxBytes;
    const read = await readUpTo(res, limit);
    const text = read.complete ? read.text : page ? closeCutPage(read.text) : undefined;
    if (text === undefined)
      throw new WikiError(
        "wiki-response-too-large",
        `the wiki's answer is larger than ${limit} bytes (WIKI_RESPONSE_MAX_BYTES) and was refused`,
      );
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

function isPageRead(body: unknown): boolean {
  return typeof body === "string" && /^\{"query":"query GetPage(ByPath)?\(/.test(body);
}

/** The body's text up to `limit` bytes; `complete` false when there was more (the rest is not read). */
async function readUpTo(res: Response, limit: number): Promise<{ text: string; complete: boolean }> {
  if (!res.body) return { text: "", complete: true };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - bytes));
      await reader.cancel().catch(() => {});
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
