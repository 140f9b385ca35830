import { appendFileSync } from "node:fs";

/** Module resolution hook: records each resolved URL, then resolves as usual. */
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (process.env.MODULE_LOG) appendFileSync(process.env.MODULE_LOG, `${result.url}\n`);
  return result;
}
