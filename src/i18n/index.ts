export type { Catalogue, MessageKey } from "./catalogue.js";
export {
  CATALOGUES,
  catalogueLanguage,
  DEFAULT_LANGUAGE,
  isMessageKey,
  type Language,
  LANGUAGES,
  resolveLanguage,
} from "./languages.js";
export { escapeHtmlText, type Html, html, type Message, type ParamValue, placeholdersOf } from "./message.js";
export { type Texts, textsFor, textsIn } from "./texts.js";
