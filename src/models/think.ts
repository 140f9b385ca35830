/**
 * Reasoning models may write their thinking into the content between `<think>` and `</think>`
 * (docs/model-servers-facts.md). The text shown and used is what is outside those blocks; a block
 * not closed yet (while streaming, or cut off) hides everything after its start.
 */
export function stripThink(text: string): string {
  const closed = text.replace(/<think>[\s\S]*?<\/think>/g, "");
  const open = closed.indexOf("<think>");
  return (open < 0 ? closed : closed.slice(0, open)).trim();
}
