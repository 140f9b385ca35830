#!/usr/bin/env node
// `npm run schema`: writes config/gateway.schema.json from the built zod schema (dist/).
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { format, resolveConfig } from "prettier";

export const SCHEMA_PATH = fileURLToPath(new URL("../config/gateway.schema.json", import.meta.url));

/**
 * The file's text for a JSON Schema object. Laid out by Prettier with the repository's settings,
 * so that regenerating is byte-for-byte stable and `prettier --check` (npm run lint) agrees with it.
 */
export async function renderConfigSchema(schema) {
  const options = (await resolveConfig(SCHEMA_PATH)) ?? {};
  return format(JSON.stringify(schema), { ...options, filepath: SCHEMA_PATH });
}

async function main() {
  const { buildGatewayJsonSchema } = await import("../dist/src/config/json-schema.js");
  const text = await renderConfigSchema(buildGatewayJsonSchema());
  const before = await readFile(SCHEMA_PATH, "utf8").catch(() => "");
  if (before === text) {
    console.log("config/gateway.schema.json is up to date");
    return;
  }
  await writeFile(SCHEMA_PATH, text);
  console.log("wrote config/gateway.schema.json");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
