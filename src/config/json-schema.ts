import { z } from "zod";
import { gatewayConfigSchema } from "./schema.js";

/**
 * The JSON Schema of gateway.json as an operator writes it, for editors (completion, hover text,
 * squiggles) through the file's `$schema` key; scripts/config-schema.mjs writes it to
 * config/gateway.schema.json.
 *
 * Contract: pure and deterministic (same zod schema, same object, same key order). It describes the
 * input side: keys with a default are optional and show that default. Draft-07, the draft that
 * VS Code, JetBrains IDEs and yaml/json language servers all read. Cross-field rules are not in it:
 * `wiki-gateway check` remains the full validation.
 */
export function buildGatewayJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(gatewayConfigSchema, { io: "input", target: "draft-7", override: keepStatedDefault });
}

/**
 * zod leaves out the default of a schema that transforms (sender lists normalise their ids), since
 * the default is an output value; where schema.ts states the input default with `.meta`, keep it.
 */
function keepStatedDefault(ctx: {
  zodSchema: z.core.$ZodTypes;
  jsonSchema: z.core.JSONSchema.BaseSchema;
}): void {
  const stated = z.globalRegistry.get(ctx.zodSchema)?.default;
  if (stated !== undefined) ctx.jsonSchema.default = stated;
}
