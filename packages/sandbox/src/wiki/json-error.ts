/** True when `prefix` could still be the start of valid JSON (JSON.parse fails only at its end). */
function viablePrefix(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = String((error as Error).message);
    if (message.includes("end of JSON input")) return true;
    const position = /position (\d+)/.exec(message);
    return position !== null && Number(position[1]) >= prefix.length;
  }
}

/**
 * body-parser's error text as Wiki.js shows it (Node 16 wording, whatever Node runs the sandbox):
 * "Unexpected token X in JSON at position N" or "Unexpected end of JSON input". Strict mode: only
 * objects and arrays are accepted. The position is found by bisecting for the first bad character.
 */
export function jsonErrorMessage(text: string): string {
  const first = /\S/.exec(text);
  if (first && first[0] !== "{" && first[0] !== "[")
    return `Unexpected token ${first[0]} in JSON at position ${first.index}`;
  if (viablePrefix(text)) return "Unexpected end of JSON input";
  let low = 1; // viable
  let high = text.length; // not viable
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (viablePrefix(text.slice(0, mid))) low = mid;
    else high = mid;
  }
  return `Unexpected token ${text[high - 1]} in JSON at position ${high - 1}`;
}
