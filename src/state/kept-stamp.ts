/**
 * The `<time>` in the name of a copy set aside (`<file>.corrupt-<time>`, `….damaged-<time>`, a
 * Redis key's `:corrupt-<time>`): the ISO-8601 time with `:` and `.` made `-`, so it is a valid
 * file name everywhere and sorts by time.
 */
export function keptStamp(at: Date = new Date()): string {
  return at.toISOString().replace(/[:.]/g, "-");
}
