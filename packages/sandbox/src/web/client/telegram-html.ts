/**
 * Renders a message the way a Telegram client does: its plain text plus formatting entities
 * (offsets and lengths in UTF-16 code units, i.e. JS string indices). Only DOM text nodes and a
 * fixed set of elements are created, so a reply can never inject markup into the page.
 */
export interface Entity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

const TAGS: Record<string, string> = {
  bold: "b",
  italic: "i",
  underline: "u",
  strikethrough: "s",
  code: "code",
  pre: "pre",
  text_link: "a",
  url: "a",
  blockquote: "blockquote",
  expandable_blockquote: "blockquote",
  spoiler: "span",
};

export function renderMessage(text: string, entities: readonly Entity[], into: HTMLElement): void {
  const usable = entities
    .filter((e) => TAGS[e.type] && e.offset >= 0 && e.length > 0 && e.offset + e.length <= text.length)
    .sort((a, b) => a.offset - b.offset || b.length - a.length);
  into.replaceChildren(build(text, usable, 0, text.length));
}

function build(text: string, entities: readonly Entity[], start: number, end: number): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let at = start;
  let i = 0;
  while (i < entities.length) {
    const entity = entities[i]!;
    const entityEnd = entity.offset + entity.length;
    if (entity.offset < at || entityEnd > end) {
      i += 1;
      continue;
    }
    appendText(fragment, text.slice(skipNewline(text, at, entities), entity.offset));
    const inner = entities.filter(
      (e, j) => j > i && e.offset >= entity.offset && e.offset + e.length <= entityEnd,
    );
    const element = elementFor(entity, text.slice(entity.offset, entityEnd));
    element.append(build(text, inner, entity.offset, entityEnd));
    fragment.append(element);
    at = entityEnd;
    i += 1 + inner.length;
  }
  appendText(fragment, text.slice(skipNewline(text, at, entities), end));
  return fragment;
}

const BLOCKS = new Set(["pre", "blockquote", "expandable_blockquote"]);

/**
 * Where plain text resumes at `at`: one past a newline that directly follows a block (code block,
 * quote), since the block already ends its line and the newline would add an empty line Telegram
 * does not show.
 */
function skipNewline(text: string, at: number, entities: readonly Entity[]): number {
  const blockEnds = entities.some((e) => BLOCKS.has(e.type) && e.offset + e.length === at);
  return blockEnds && text[at] === "\n" ? at + 1 : at;
}

function elementFor(entity: Entity, content: string): HTMLElement {
  const element = document.createElement(TAGS[entity.type]!);
  if (entity.type === "spoiler") element.className = "spoiler";
  if (entity.type === "text_link" || entity.type === "url") {
    const href = entity.type === "url" ? content : (entity.url ?? "");
    if (/^https?:\/\//i.test(href)) {
      element.setAttribute("href", href);
      element.setAttribute("target", "_blank");
      element.setAttribute("rel", "noopener noreferrer");
    }
  }
  if (entity.type === "pre" && entity.language) element.dataset.language = entity.language;
  return element;
}

function appendText(parent: DocumentFragment, text: string): void {
  if (text === "") return;
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    if (index > 0) parent.append(document.createElement("br"));
    if (line !== "") parent.append(document.createTextNode(line));
  });
}
