import { ApiError } from "../errors.js";
import { FORMATTING_TAGS } from "../parse-html.js";
import type { Json } from "./check.js";

/**
 * Rich HTML (the `html` field) → explicit blocks, for the tags most messages use: p, h1–h6,
 * pre (with code class="language-…"), footer, hr, ul/ol/li (checkboxes), blockquote, aside,
 * table/tr/th/td/caption, details/summary, tg-math-block, and inline b/strong, i/em, u/ins,
 * s/strike/del, code, mark, sub, sup, tg-spoiler, a href, br. Loose inline content becomes a
 * paragraph. An unknown tag, or one left open, answers 400 `can't parse rich message HTML: …`
 * as the Bot API does for its HTML parse mode. Entities: the named ones Telegram lists and
 * numeric ones.
 */

interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
type Node = string | Element;

const VOID = new Set(["br", "hr", "input", "img"]);
const INLINE: Record<string, string> = {
  ...FORMATTING_TAGS,
  code: "code",
  mark: "marked",
  sub: "subscript",
  sup: "superscript",
};
const BLOCK = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "pre",
  "footer",
  "hr",
  "ul",
  "ol",
  "li",
  "blockquote",
  "aside",
  "table",
  "tr",
  "td",
  "th",
  "caption",
  "details",
  "summary",
  "tg-math-block",
  "cite",
  "input",
  "a",
  "br",
]);
const NAMED: Record<string, string> = {
  lt: "<",
  gt: ">",
  amp: "&",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

const parseError = (what: string) => new ApiError(400, `Bad Request: can't parse rich message HTML: ${what}`);

export function htmlToBlocks(html: string): Json[] {
  return blocks(parse(html).children);
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const named = NAMED[name.toLowerCase()];
    if (named === undefined) throw parseError(`Unsupported HTML entity "&${name};"`);
    return named;
  });
}

function parse(html: string): Element {
  const root: Element = { tag: "#root", attrs: {}, children: [] };
  const stack = [root];
  const tagRe = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tagRe.exec(html); m; m = tagRe.exec(html)) {
    const top = stack[stack.length - 1]!;
    if (m.index > last) top.children.push(decode(html.slice(last, m.index)));
    last = tagRe.lastIndex;
    const tag = m[2]!.toLowerCase();
    if (!(tag in INLINE) && !BLOCK.has(tag)) throw parseError(`Unsupported start tag "${tag}"`);
    if (m[1]) {
      if (top.tag !== tag) throw parseError(`Can't find end tag corresponding to start tag "${top.tag}"`);
      stack.pop();
      continue;
    }
    const element: Element = { tag, attrs: attributes(m[3] ?? ""), children: [] };
    top.children.push(element);
    if (!VOID.has(tag) && !m[4]) stack.push(element);
  }
  if (last < html.length) stack[stack.length - 1]!.children.push(decode(html.slice(last)));
  if (stack.length > 1)
    throw parseError(`Can't find end tag corresponding to start tag "${stack.at(-1)!.tag}"`);
  return root;
}

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    out[m[1]!.toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return out;
}

const isInline = (node: Node) =>
  typeof node === "string" || node.tag in INLINE || node.tag === "a" || node.tag === "br";

/** Block-level children → blocks; runs of inline content become paragraphs. */
function blocks(nodes: Node[]): Json[] {
  const out: Json[] = [];
  let run: Node[] = [];
  const flush = () => {
    const text = richText(run);
    if (!(typeof text === "string" && text.trim() === ""))
      out.push({ type: "paragraph", text: trimText(text) });
    run = [];
  };
  for (const node of nodes) {
    if (isInline(node)) run.push(node);
    else {
      flush();
      const block = toBlock(node as Element);
      if (block) out.push(block);
    }
  }
  flush();
  return out;
}

const trimText = (text: unknown) => (typeof text === "string" ? text.trim() : text);

function toBlock(e: Element): Json | undefined {
  const heading = /^h([1-6])$/.exec(e.tag);
  if (heading) return { type: "heading", size: Number(heading[1]), text: trimText(richText(e.children)) };
  switch (e.tag) {
    case "p":
      return { type: "paragraph", text: trimText(richText(e.children)) };
    case "footer":
      return { type: "footer", text: trimText(richText(e.children)) };
    case "hr":
      return { type: "divider" };
    case "tg-math-block":
      return { type: "mathematical_expression", expression: plain(e.children) };
    case "pre": {
      const code = e.children.length === 1 && typeof e.children[0] !== "string" ? e.children[0] : undefined;
      const language =
        code?.tag === "code" ? /language-([\w+#.-]+)/.exec(code.attrs.class ?? "")?.[1] : undefined;
      return { type: "pre", text: plain(e.children), ...(language ? { language } : {}) };
    }
    case "ul":
    case "ol":
      return list(e);
    case "blockquote":
      return {
        type: "blockquote",
        blocks: blocks(e.children.filter((c) => typeof c === "string" || c.tag !== "cite")),
      };
    case "aside":
      return {
        type: "pullquote",
        text: trimText(richText(e.children.filter((c) => typeof c === "string" || c.tag !== "cite"))),
      };
    case "table":
      return table(e);
    case "details": {
      const summary = e.children.find((c): c is Element => typeof c !== "string" && c.tag === "summary");
      return {
        type: "details",
        summary: trimText(richText(summary?.children ?? [])),
        blocks: blocks(e.children.filter((c) => c !== summary)),
        ...("open" in e.attrs ? { is_open: true } : {}),
      };
    }
    default:
      throw parseError(`Unexpected tag "${e.tag}"`);
  }
}

function list(e: Element): Json {
  let value = Number(e.attrs.start ?? 1);
  const items = e.children
    .filter((c): c is Element => typeof c !== "string" && c.tag === "li")
    .map((li) => {
      const box = li.children.find((c): c is Element => typeof c !== "string" && c.tag === "input");
      const item: Json = {
        blocks: blocks(li.children.filter((c) => c !== box)),
        ...(box ? { has_checkbox: true, ...("checked" in box.attrs ? { is_checked: true } : {}) } : {}),
        ...(e.tag === "ol" ? { value: Number(li.attrs.value ?? value) } : {}),
      };
      value = Number(li.attrs.value ?? value) + 1;
      return item;
    });
  return { type: "list", items };
}

function table(e: Element): Json {
  const caption = e.children.find((c): c is Element => typeof c !== "string" && c.tag === "caption");
  const rows = e.children.filter((c): c is Element => typeof c !== "string" && c.tag === "tr");
  const cells = rows.map((tr) =>
    tr.children
      .filter((c): c is Element => typeof c !== "string" && (c.tag === "td" || c.tag === "th"))
      .map((cell) => ({
        text: trimText(richText(cell.children)),
        ...(cell.tag === "th" ? { is_header: true } : {}),
        ...(cell.attrs.colspan ? { colspan: Number(cell.attrs.colspan) } : {}),
        ...(cell.attrs.rowspan ? { rowspan: Number(cell.attrs.rowspan) } : {}),
        align: cell.attrs.align ?? "left",
        valign: cell.attrs.valign ?? "top",
      })),
  );
  return {
    type: "table",
    cells,
    ...("bordered" in e.attrs ? { is_bordered: true } : {}),
    ...("striped" in e.attrs ? { is_striped: true } : {}),
    ...(caption ? { caption: trimText(richText(caption.children)) } : {}),
  };
}

const plain = (nodes: Node[]): string =>
  nodes.map((n) => (typeof n === "string" ? n : plain(n.children))).join("");

function richText(nodes: Node[]): unknown {
  const parts = nodes.map((n): unknown => {
    if (typeof n === "string") return n;
    if (n.tag === "br") return "\n";
    if (n.tag === "a") return { type: "url", text: richText(n.children), url: n.attrs.href ?? "" };
    const type = INLINE[n.tag];
    if (!type) throw parseError(`Unexpected tag "${n.tag}" in text`);
    return { type, text: richText(n.children) };
  });
  return parts.every((p) => typeof p === "string") ? parts.join("") : parts;
}
