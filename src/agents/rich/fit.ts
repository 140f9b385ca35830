import { addSizes, measureBlocks, type RichSize, withinLimits } from "./measure.js";
import type { RichBlock } from "./rich-types.js";

/**
 * The longest prefix of `blocks` that fits beside `used` when placed at `level`: blocks are
 * taken whole and in order, and taking stops at the first one that does not fit (a later,
 * smaller block is not taken instead: the reader never meets a gap in the page). A table or a
 * code block is never cut.
 */
export function fitPrefix(
  blocks: readonly RichBlock[],
  used: RichSize,
  level: number,
): { taken: RichBlock[]; size: RichSize } {
  let size = used;
  const taken: RichBlock[] = [];
  for (const block of blocks) {
    const next = addSizes(size, measureBlocks([block], level));
    if (!withinLimits(next)) break;
    taken.push(block);
    size = next;
  }
  return { taken, size };
}
