import { SandboxError } from "./errors.js";

export type Json = Record<string, unknown>;
type Kind = "string" | "number" | "boolean" | "object" | "array";
type Value<K extends Kind> = K extends "string"
  ? string
  : K extends "number"
    ? number
    : K extends "boolean"
      ? boolean
      : K extends "array"
        ? unknown[]
        : Json;

const is = (value: unknown, kind: Kind) =>
  kind === "array"
    ? Array.isArray(value)
    : kind === "object"
      ? value !== null && typeof value === "object" && !Array.isArray(value)
      : kind === "number"
        ? typeof value === "number" && Number.isFinite(value)
        : typeof value === kind;

/** A control API body field of the given kind, or a 400 naming it. */
export function field<K extends Kind>(body: Json, name: string, kind: K): Value<K> {
  const value = body[name];
  if (!is(value, kind)) {
    throw new SandboxError(
      "bad-input",
      `"${name}" must be a ${kind} (got ${JSON.stringify(value) ?? "nothing"})`,
      `send "${name}" as a JSON ${kind}`,
    );
  }
  return value as Value<K>;
}

export function optional<K extends Kind>(body: Json, name: string, kind: K): Value<K> | undefined {
  return body[name] === undefined || body[name] === null ? undefined : field(body, name, kind);
}

/** Copies the optional fields that are present, checked by kind. */
export function pick<T extends Record<string, Kind>>(body: Json, kinds: T): { [P in keyof T]?: Value<T[P]> } {
  const out: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = optional(body, name, kind);
    if (value !== undefined) out[name] = value;
  }
  return out as { [P in keyof T]?: Value<T[P]> };
}

/** Where a user acts: `"bot"` (that bot's DM with the user) when given, else the group `"chat"`. */
export function userChat(body: Json): number | { bot: string } {
  const bot = optional(body, "bot", "string");
  return bot === undefined ? field(body, "chat", "number") : { bot };
}
