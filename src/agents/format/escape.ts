/** Telegram HTML escaping: the only entities Telegram knows by name are &lt; &gt; &amp; &quot;. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

/** For attribute values (always written in double quotes). */
export function escapeAttribute(text: string): string {
  return escapeHtml(text).replace(/"/g, "&quot;");
}

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  laquo: "«",
  raquo: "»",
  euro: "€",
};

/** Decodes HTML entities (named ones above, decimal and hex); unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/**
 * A link target users may be sent to: absolute http(s) URLs, and paths starting with "/" resolved
 * against `baseUrl` (the wiki's public URL). Anything else (javascript:, data:, relative paths,
 * anchors) gives undefined, and the link is shown as plain text.
 */
export function safeHref(href: string, baseUrl?: string): string | undefined {
  const trimmed = href.trim();
  if (/[\s\u0000-\u001f]/.test(trimmed)) return undefined;
  let candidate = trimmed;
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) {
    if (!baseUrl) return undefined;
    candidate = `${baseUrl.replace(/\/+$/, "")}${trimmed}`;
  }
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}
