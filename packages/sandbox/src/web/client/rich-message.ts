/**
 * Renders a rich message (Bot API 10.1 `Message.rich_message`, as the sandbox returns it) the way
 * a Telegram client shows it: headings, paragraphs, code with its language, lists with
 * checkboxes, quotations, tables with header cells, collapsible details and dividers. As in
 * telegram-html.ts, only text nodes and a fixed set of elements are created: nothing a bot sends
 * can inject markup into the page. Unknown blocks and rich texts show their text.
 */
export interface RichBlock {
  type: string;
  [field: string]: unknown;
}

const TEXT_TAGS: Record<string, string> = {
  bold: "b",
  italic: "i",
  underline: "u",
  strikethrough: "s",
  code: "code",
  marked: "mark",
  subscript: "sub",
  superscript: "sup",
  spoiler: "span",
};

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
};

export function renderRichMessage(blocks: readonly RichBlock[], into: HTMLElement): void {
  const root = el("div", "rich");
  root.dataset.testid = "rich-message";
  root.append(...blocks.map(renderBlock));
  into.replaceChildren(root);
}

function renderBlock(block: RichBlock): HTMLElement {
  switch (block.type) {
    case "heading": {
      const size = Math.min(6, Math.max(1, Number(block.size) || 1));
      const h = el(`h${size}` as "h1");
      h.append(richText(block.text));
      return h;
    }
    case "pre": {
      const pre = el("pre");
      const code = el("code");
      if (typeof block.language === "string") pre.dataset.language = block.language;
      code.append(richText(block.text));
      pre.append(code);
      return pre;
    }
    case "list": {
      const items = (block.items ?? []) as Array<{
        blocks: RichBlock[];
        value?: number;
        has_checkbox?: boolean;
        is_checked?: boolean;
      }>;
      const list = el(items.some((i) => i.value !== undefined) ? "ol" : "ul");
      for (const item of items) {
        const li = el("li");
        if (item.value !== undefined) li.value = item.value;
        if (item.has_checkbox) li.prepend(item.is_checked ? "☑ " : "☐ ");
        li.append(...item.blocks.map(renderBlock));
        list.append(li);
      }
      return list;
    }
    case "blockquote": {
      const quote = el("blockquote");
      quote.append(...((block.blocks ?? []) as RichBlock[]).map(renderBlock));
      return quote;
    }
    case "table":
      return table(block);
    case "details": {
      const details = el("details");
      details.dataset.testid = "rich-details";
      if (block.is_open) details.open = true;
      const summary = el("summary");
      summary.append(richText(block.summary));
      details.append(summary, ...((block.blocks ?? []) as RichBlock[]).map(renderBlock));
      return details;
    }
    case "divider":
      return el("hr");
    case "footer": {
      const footer = el("footer");
      footer.append(richText(block.text));
      return footer;
    }
    default: {
      const p = el("p");
      p.append(richText(block.text ?? block.expression ?? ""));
      return p;
    }
  }
}

function table(block: RichBlock): HTMLElement {
  const table = el("table", "rich-table");
  table.dataset.testid = "rich-table";
  for (const row of (block.cells ?? []) as Array<
    Array<{ text?: unknown; is_header?: boolean; align?: string; colspan?: number }>
  >) {
    const tr = el("tr");
    for (const cell of row) {
      const td = el(cell.is_header ? "th" : "td");
      if (cell.align === "center" || cell.align === "right") td.style.textAlign = cell.align;
      if (cell.colspan && cell.colspan > 1) td.colSpan = cell.colspan;
      td.append(richText(cell.text ?? ""));
      tr.append(td);
    }
    table.append(tr);
  }
  return table;
}

function richText(text: unknown): Node {
  if (typeof text === "string") return document.createTextNode(text);
  const fragment = document.createDocumentFragment();
  if (Array.isArray(text)) {
    for (const part of text) fragment.append(richText(part));
    return fragment;
  }
  const t = (text ?? {}) as { type?: string; text?: unknown; url?: string; expression?: string };
  if (t.type === "url" && typeof t.url === "string" && /^https?:\/\//.test(t.url)) {
    const a = el("a");
    a.href = t.url;
    a.target = "_blank";
    a.rel = "noopener";
    a.append(richText(t.text));
    return a;
  }
  const tag = TEXT_TAGS[t.type ?? ""];
  if (!tag) return richText(t.text ?? t.expression ?? "");
  const node = document.createElement(tag);
  if (t.type === "spoiler") node.className = "spoiler";
  node.append(richText(t.text));
  return node;
}
