import { RICH_LIMITS, type RichBlock, type RichText } from "./rich-types.js";

/** What a list of blocks uses of a rich message's limits (rich-types.ts RICH_LIMITS). */
export interface RichSize {
  chars: number;
  blocks: number;
  /** Deepest level of nested blocks and formatting, the outermost block being level 1. */
  depth: number;
  /** Widest table row, colspans counted. */
  columns: number;
}

export const EMPTY_SIZE: RichSize = { chars: 0, blocks: 0, depth: 0, columns: 0 };

/** Sizes of blocks placed at `level` (1 = the message's own blocks; 2 = inside a details block). */
export function measureBlocks(blocks: readonly RichBlock[], level = 1): RichSize {
  const size = { ...EMPTY_SIZE };
  for (const block of blocks) addBlock(size, block, level);
  return size;
}

export function addSizes(a: RichSize, b: RichSize): RichSize {
  return {
    chars: a.chars + b.chars,
    blocks: a.blocks + b.blocks,
    depth: Math.max(a.depth, b.depth),
    columns: Math.max(a.columns, b.columns),
  };
}

export function withinLimits(size: RichSize, limits: typeof RICH_LIMITS = RICH_LIMITS): boolean {
  return (
    size.chars <= limits.chars &&
    size.blocks <= limits.blocks &&
    size.depth <= limits.depth &&
    size.columns <= limits.columns
  );
}

function addText(size: RichSize, text: RichText | undefined, level: number): void {
  if (text === undefined) return;
  size.depth = Math.max(size.depth, level);
  if (typeof text === "string") {
    size.chars += [...text].length;
    return;
  }
  if (Array.isArray(text)) {
    for (const part of text) addText(size, part, level);
    return;
  }
  if (text.type === "custom_emoji") size.chars += [...text.alternative_text].length;
  else if (text.type === "mathematical_expression") size.chars += [...text.expression].length;
  else if ("text" in text) addText(size, text.text as RichText, level + 1);
}

function addBlock(size: RichSize, block: RichBlock, level: number): void {
  size.blocks++;
  size.depth = Math.max(size.depth, level);
  switch (block.type) {
    case "list":
      for (const item of block.items) {
        size.blocks++;
        for (const inner of item.blocks) addBlock(size, inner, level + 2);
      }
      return;
    case "blockquote":
    case "collage":
    case "slideshow":
      for (const inner of block.blocks) addBlock(size, inner, level + 1);
      return;
    case "details":
      addText(size, block.summary, level + 1);
      for (const inner of block.blocks) addBlock(size, inner, level + 1);
      return;
    case "table":
      for (const row of block.cells) {
        size.blocks++;
        const columns = row.reduce((n, cell) => n + (cell.colspan && cell.colspan > 1 ? cell.colspan : 1), 0);
        size.columns = Math.max(size.columns, columns);
        for (const cell of row) addText(size, cell.text, level + 2);
      }
      addText(size, block.caption, level + 1);
      return;
    case "mathematical_expression":
      size.chars += [...block.expression].length;
      return;
    default:
      if ("text" in block) addText(size, block.text as RichText, level + 1);
  }
}
