import { badRequest } from "../errors.js";
import { jsonParam } from "../params.js";
import { type CheckedRich, checkRichBlocks, RICH_ERRORS } from "./check.js";
import { htmlToBlocks } from "./html.js";
import { markdownToBlocks } from "./markdown.js";

/** A rich message as the sandbox stores it and renders it (`Message.rich_message`). */
export interface StoredRich {
  blocks: Array<Record<string, unknown>>;
  is_rtl?: true;
}

/**
 * The `rich_message` parameter (InputRichMessage): exactly one of `markdown`, `html` or
 * `blocks`, turned into blocks and checked (check.ts). `draft`: sendRichMessageDraft's rules.
 * Throws the Bot API's 400 answers.
 */
export function readRichMessage(
  params: Record<string, unknown>,
  options: { draft: boolean },
): { rich: StoredRich; checked: CheckedRich } {
  const input = jsonParam(params, "rich_message") as Record<string, unknown> | undefined;
  if (!input || typeof input !== "object") throw badRequest(RICH_ERRORS.empty);
  const given = (["markdown", "html", "blocks"] as const).filter((k) => input[k] !== undefined);
  if (given.length !== 1)
    throw badRequest(given.length === 0 ? RICH_ERRORS.empty : "RICH_MESSAGE_CONTENT_INVALID");
  const source = input[given[0]!];
  let blocks: unknown;
  if (given[0] === "blocks") blocks = source;
  else if (typeof source !== "string" || source.trim() === "") throw badRequest(RICH_ERRORS.empty);
  else blocks = given[0] === "markdown" ? markdownToBlocks(source) : htmlToBlocks(source);
  const checked = checkRichBlocks(blocks, options);
  return { rich: { blocks: checked.blocks, ...(input.is_rtl === true ? { is_rtl: true } : {}) }, checked };
}
