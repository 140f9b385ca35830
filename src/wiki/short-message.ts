/**
 * A wiki message cut for people: its first sentence, at most `max` characters, on one line.
 * Wiki.js may answer with a whole SQL statement (16 KB) inside an error message; the whole text
 * belongs in the log, never in a chat or a summary.
 */
export function firstSentence(message: string, max = 160): string {
  const line = message.replace(/\s+/g, " ").trim();
  const end = line.search(/[.!?:](\s|$)/);
  const sentence = end === -1 ? line : line.slice(0, end + 1);
  const cut = sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
  return cut.replace(/:$/, ".");
}
