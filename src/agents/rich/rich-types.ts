import type { InputRichMessageWithoutUpload } from "grammy/types";

/** A rich message as the gateway sends it (Bot API 10.1): explicit blocks, no uploads. */
export type RichMessage = InputRichMessageWithoutUpload & { blocks: RichBlock[] };
export type RichBlock = NonNullable<InputRichMessageWithoutUpload["blocks"]>[number];
export type RichText = Extract<RichBlock, { type: "paragraph" }>["text"];

/**
 * Telegram's limits of one rich message (`InputRichMessage` in @grammyjs/types): characters of
 * text (custom emoji alternative text and formula source included), blocks (nested blocks, list
 * items and table rows included), levels of nested blocks and formatting, table columns, media.
 */
export const RICH_LIMITS = { chars: 32_768, blocks: 500, depth: 16, columns: 20, media: 50 } as const;
