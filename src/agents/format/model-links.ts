import type { Inline, MarkupBlock } from "./reply-markup.js";

/**
 * What Telegram's apps would make tappable in a model's text, found by a wider rule than theirs
 * (TDLib's link finder, which the apps share): a URL with any scheme (`https://`, `tg://`,
 * `ton://`); an e-mail address; a host name of two labels or more ending in letters, with or
 * without `www.`, a port or a path (`evil.example/login`, `t.me/x`, Unicode names such as
 * `пример.рф`), whatever its ending (Telegram knows a list of endings; this takes every one);
 * an IPv4 address. The end of a sentence after it (`.`, `,`, `)`, quotes) is not part of it.
 */
const HOST = String.raw`(?:[\p{L}\p{N}](?:[\p{L}\p{N}_-]{0,62}[\p{L}\p{N}])?\.)+(?:xn--[a-z0-9-]{1,59}|\p{L}{2,63})`;
const IPV4 = String.raw`\d{1,3}(?:\.\d{1,3}){3}`;
const REST = String.raw`(?::\d{1,5})?(?:[/?#][^\s<>"'\x60]*)?`;
const LINK = new RegExp(
  [
    String.raw`[a-z][a-z\d+.-]{0,30}:\/\/[^\s<>"'\x60]+`,
    String.raw`(?<![\p{L}\p{N}._%+-])(?:mailto:)?[\p{L}\p{N}._%+-]+@${HOST}`,
    String.raw`(?<![\p{L}\p{N}_@.-])(?:${HOST}|${IPV4})${REST}`,
  ].join("|"),
  "giu",
);

/** A link's end: punctuation of the sentence after it, and a bracket it did not open. */
function trimmed(link: string): string {
  let end = link.replace(/[.,;:!?'"»”’…]+$/u, "");
  for (const [open, close] of [
    ["(", ")"],
    ["[", "]"],
    ["{", "}"],
  ] as const) {
    while (end.endsWith(close) && end.split(close).length > end.split(open).length) end = end.slice(0, -1);
    end = end.replace(/[.,;:!?'"»”’…]+$/u, "");
  }
  return end;
}

/** The links of `text`, where Telegram's apps would find them. */
export function linksIn(text: string): { at: number; link: string }[] {
  const found: { at: number; link: string }[] = [];
  for (const m of text.matchAll(LINK)) {
    const link = trimmed(m[0]);
    if (link !== "") found.push({ at: m.index, link });
  }
  return found;
}

/** Whether a link the model wrote may stay tappable: it appears in the passages it was given. */
export type LinkCheck = (link: string) => boolean;

/** A link compared without its scheme, `www.`, a closing slash, or case. */
function linkKey(link: string): string {
  return link
    .toLowerCase()
    .replace(/^(?:[a-z][a-z\d+.-]*:\/\/|mailto:)/, "")
    .replace(/^www\./, "")
    .replace(/\/+$/, "");
}

/** The check for a model given these passages: only their own links pass. */
export function linksOf(passages: readonly string[]): LinkCheck {
  const known = new Set(passages.flatMap((p) => linksIn(p).map((l) => linkKey(l.link))));
  return (link) => known.has(linkKey(link));
}

/**
 * The blocks with each link the passages do not hold set as code (`<code>` in HTML, a code run in
 * a rich message), which Telegram never makes tappable; code was never tappable.
 */
export function foreignLinksAsCode(blocks: readonly MarkupBlock[], allowed: LinkCheck): MarkupBlock[] {
  return blocks.map((b) =>
    b.kind === "code"
      ? b
      : { kind: "lines", lines: b.lines.map((line) => line.flatMap((i) => split(i, allowed))) },
  );
}

function split(run: Inline, allowed: LinkCheck): Inline[] {
  if (run.kind === "code") return [run];
  const out: Inline[] = [];
  let from = 0;
  for (const { at, link } of linksIn(run.text)) {
    if (allowed(link)) continue;
    if (at > from) out.push({ kind: run.kind, text: run.text.slice(from, at) });
    out.push({ kind: "code", text: link });
    from = at + link.length;
  }
  if (from < run.text.length) out.push({ kind: run.kind, text: run.text.slice(from) });
  return out;
}

/** Plain text (a draft) without the links the passages do not hold: "…" in their place. */
export function withoutForeignLinks(text: string, allowed: LinkCheck): string {
  let out = "";
  let from = 0;
  for (const { at, link } of linksIn(text)) {
    if (allowed(link)) continue;
    out += `${text.slice(from, at)}…`;
    from = at + link.length;
  }
  return out + text.slice(from);
}
