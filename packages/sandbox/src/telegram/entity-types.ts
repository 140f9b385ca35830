/** A MessageEntity as the Bot API returns it (offsets and lengths in UTF-16 code units). */
export interface Entity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
  user?: Record<string, unknown>;
  custom_emoji_id?: string;
}

/** A parse-mode failure; its message is what follows "Bad Request: can't parse entities: ". */
export class EntityParseError extends Error {}

/** UTF-8 byte offset of the UTF-16 index `index` in `text`, as the Bot API reports positions. */
export const byteOffset = (text: string, index: number) => Buffer.byteLength(text.slice(0, index), "utf8");

/** Entities in the order Telegram returns them: by offset, longer first. */
export const sortEntities = (entities: Entity[]) =>
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);

/**
 * A link target as Telegram accepts it: absolute http(s)/tg/mailto/ton URLs, or a bare domain
 * (answered with "http://" prepended). Anything else yields no entity.
 */
export function checkUrl(raw: string): string | undefined {
  const url = raw.trim();
  if (/^(https?|tg|ton|mailto):\S+$/i.test(url)) return url;
  if (/^[\w-]+(\.[\w-]+)*\.[a-z]{2,}(:\d+)?([/?#]\S*)?$/i.test(url)) return `http://${url}`;
  return undefined;
}
