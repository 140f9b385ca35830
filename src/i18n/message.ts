/**
 * One catalogue message and how it is filled in. A message is a template with `{name}`
 * placeholders, or a plural message: one template per CLDR plural category of its language,
 * chosen by the number `count` (Intl.PluralRules), so Russian says 1 страница, 2 страницы,
 * 5 страниц. `other` is always present; a language lists the categories it has.
 *
 * Messages are Telegram HTML. Contract of `format`: every parameter is escaped for HTML
 * (`&`, `<`, `>`) unless it is wrapped with `html()`, which marks text already made safe (a link
 * built from escaped parts); page titles, questions and names are never trusted as markup.
 */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;
export type Message = string | PluralForms;

/** Markup already escaped by its maker, passed through unchanged. */
export interface Html {
  readonly html: string;
}

export function html(markup: string): Html {
  return { html: markup };
}

export type ParamValue = string | number | Html;

/** The placeholder names of a template: "{a} and {b}" gives "a" | "b". */
export type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The parameters a message takes: its placeholders, and the number `count` for a plural. */
export type ParamsOf<M> = M extends string
  ? { readonly [P in Placeholders<M>]: ParamValue }
  : { readonly [P in Placeholders<M[keyof M]> | "count"]: P extends "count" ? number : ParamValue };

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholders a message uses, in all its forms (for the catalogue checks). */
export function placeholdersOf(message: Message): Set<string> {
  const templates = typeof message === "string" ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const template of templates) for (const match of template.matchAll(PLACEHOLDER)) names.add(match[1]!);
  return names;
}

export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

/**
 * Fills a message in. A plural message picks its form with `rules()` (the language's
 * Intl.PluralRules, asked for only by a plural message), falling back to `other` for a category the catalogue does not list. A
 * placeholder without a value stays as written, so a mistake shows in the text instead of
 * vanishing (the catalogue tests keep it from happening).
 */
export function formatMessage(
  message: Message,
  params: Readonly<Record<string, ParamValue>>,
  rules: () => Intl.PluralRules,
  escape: (text: string) => string = escapeHtmlText,
): string {
  let template: string;
  if (typeof message === "string") template = message;
  else {
    const count = params.count;
    const category = typeof count === "number" ? rules().select(count) : "other";
    template = message[category] ?? message.other;
  }
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (typeof value === "object") return value.html;
    return escape(String(value));
  });
}
