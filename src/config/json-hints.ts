import { BOT_TOKEN_PATTERN, GROUP_KEY_PATTERN, TOPIC_KEY_PATTERN } from "./ids.js";

/**
 * JSON Schema keywords for per-field rules that the zod schema checks in code (refinements and
 * transforms, which `z.toJSONSchema` cannot see). schema.ts attaches them with `.meta()`, so they
 * only reach config/gateway.schema.json and editors; zod never reads them.
 *
 * Contract: each hint refuses exactly what its code check refuses (the unit tests of the JSON
 * schema compare them on generated values), so an editor never marks a file `check` accepts.
 * Rules that compare one field with another part of the file stay in validate.ts only.
 */

/** A sender-list entry written as a string: a user id (checkUserId trims blanks) or "*". */
export const USER_ID_STRING_HINT = { pattern: "^\\s*(\\*|[1-9]\\d{0,19})\\s*$" };

/** A sender-list entry written as a number: a positive safe integer (group ids are negative). */
export const USER_ID_NUMBER_HINT = { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER };

export const GROUP_KEY_HINT = { pattern: GROUP_KEY_PATTERN.source };

export const TOPIC_KEY_HINT = { pattern: TOPIC_KEY_PATTERN.source };

export const BOT_TOKEN_HINT = { pattern: BOT_TOKEN_PATTERN.source };

/** Per-account rules: one token source; an allowlist needs at least one user. */
export const ACCOUNT_HINTS = {
  oneOf: [{ required: ["botToken"] }, { required: ["botTokenFile"] }],
  if: { properties: { dmPolicy: { const: "allowlist" } }, required: ["dmPolicy"] },
  then: { properties: { allowFrom: { type: "array", minItems: 1 } }, required: ["allowFrom"] },
};
