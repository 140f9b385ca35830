import type { z } from "zod";

/**
 * The records of a JSON-lines text, each line checked by the schema; blank lines are skipped,
 * lines that are not JSON or fail the schema (a torn write, an edited file) are counted, not returned.
 */
export function parseJsonLines<T>(text: string, schema: z.ZodType<T>): { records: T[]; invalid: number } {
  const records: T[] = [];
  let invalid = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      invalid += 1;
      continue;
    }
    const result = schema.safeParse(parsed);
    if (result.success) records.push(result.data);
    else invalid += 1;
  }
  return { records, invalid };
}
