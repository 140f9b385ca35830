import { trimSlashes } from "../core/wiki-path.js";
import { type ModelUse, VOICE_DEFAULTS } from "../config/model-schema.js";
import type { AgentConfig } from "../config/schema.js";
import { type UnansweredConfig, unansweredPagePath } from "../config/unanswered-schema.js";
import { agentModelChoice } from "../models/model-from-config.js";
import { wikiBaseUrl } from "../wiki/client/normalise-url.js";

/**
 * An agent's configuration with every default applied: what the wiki agent and the answerer
 * read. Built once per gateway.json load (hot reload builds new ones).
 */
export interface AgentSettings {
  id: string;
  name?: string;
  /** Wiki path prefix the agent answers from and may edit under; "" = the whole wiki. */
  section: string;
  /** The locale it creates pages in and looks paths up in: the first of `locales` ("en" for "*"). */
  locale: string;
  /**
   * The locales it answers from, preferred first; ["*"] for every locale. Searches keep these
   * pages and read the question in their languages (search-index SearchOptions.locales).
   */
  locales: string[];
  /**
   * The language of users whose own Telegram language has no catalogue (gateway.json
   * `language`, as written; src/i18n maps it to a catalogue, else English).
   */
  language: string;
  /** User ids (strings of digits, or "*") allowed to /new, /edit and /append. */
  editors: string[];
  /** Base of the links shown to users, without a trailing slash (WIKI_URL without `/graphql` by default). */
  publicBaseUrl: string;
  /** Longest answer passage, in characters. */
  answerLength: number;
  greeting?: string;
  /** Set a 👀 reaction on a question while its answer is prepared (removed once it is sent). */
  ackReaction: boolean;
  /** Quiet after which a chat's next message starts a new conversation, ms; 0: every message stands alone. */
  conversationQuietMs: number;
  /** The name of the model (in `models`, or MODEL_URL's) the agent uses; undefined: none. */
  model?: string;
  /** What goes to the model: "off" (nothing), "rewrite" (the question), "answer" (also passages). */
  modelUse: ModelUse;
  /** The editors' page and digest of what the wiki left unanswered; undefined: neither. */
  unanswered?: UnansweredSettings;
  /** The name of the model (in `models`) that transcribes voice notes; undefined: none is heard. */
  speechToText?: string;
  /** What a voice note may be to be transcribed. */
  voice: VoiceLimits;
}

/** The limits of voice notes (`voiceMaxSeconds`, `voiceMaxMegabytes`, `voicePerUserPerHour`). */
export interface VoiceLimits {
  maxSeconds: number;
  maxBytes: number;
  perUserPerHour: number;
}

/** `unanswered` of gateway.json with the page's path resolved. */
export type UnansweredSettings = UnansweredConfig & { page: string };

export const DEFAULT_ANSWER_LENGTH = 1200;
/** A chat quiet this long starts a new conversation (gateway.json `conversationMinutes`). */
export const DEFAULT_CONVERSATION_MINUTES = 30;

/** The settings of agent `id`; an agent missing from gateway.json gets the defaults. */
export function resolveAgentSettings(
  id: string,
  config: AgentConfig | undefined,
  wikiUrl: string,
  /** MODEL_URL is set: an agent naming no model uses its model. */
  modelUrlSet = false,
): AgentSettings {
  const choice = agentModelChoice(config, modelUrlSet);
  const settings: AgentSettings = {
    id,
    section: trimSlashes(config?.section ?? ""),
    ...localesOf(config?.locale),
    language: config?.language ?? "en",
    editors: [...(config?.editors ?? [])],
    publicBaseUrl: (config?.publicBaseUrl ?? linkBase(wikiUrl)).replace(/\/+$/, ""),
    answerLength: config?.answerLength ?? DEFAULT_ANSWER_LENGTH,
    ackReaction: config?.ackReaction ?? false,
    conversationQuietMs: (config?.conversationMinutes ?? DEFAULT_CONVERSATION_MINUTES) * 60_000,
    modelUse: choice.use,
    voice: {
      maxSeconds: config?.voiceMaxSeconds ?? VOICE_DEFAULTS.maxSeconds,
      maxBytes: Math.round((config?.voiceMaxMegabytes ?? VOICE_DEFAULTS.maxMegabytes) * 1_000_000),
      perUserPerHour: config?.voicePerUserPerHour ?? VOICE_DEFAULTS.perUserPerHour,
    },
  };
  if (config?.speechToText !== undefined) settings.speechToText = config.speechToText;
  if (choice.model !== undefined) settings.model = choice.model;
  if (config?.name !== undefined) settings.name = config.name;
  if (config?.greeting !== undefined) settings.greeting = config.greeting;
  if (config?.unanswered !== undefined)
    settings.unanswered = {
      ...config.unanswered,
      page: unansweredPagePath(id, config.unanswered),
    };
  return settings;
}

/** The agent answers from pages of this locale (one of its locales, or any for "*"). */
export function answersFrom(agent: Pick<AgentSettings, "locales">, locale: string): boolean {
  return agent.locales.includes("*") || agent.locales.includes(locale);
}

/** `locale` of gateway.json (a code, a list, or "*") as the agent's locale and locales. */
function localesOf(configured: string | string[] | undefined): { locale: string; locales: string[] } {
  if (configured === undefined) return { locale: "en", locales: ["en"] };
  if (configured === "*") return { locale: "en", locales: ["*"] };
  const locales = typeof configured === "string" ? [configured] : [...new Set(configured)];
  return { locale: locales[0] ?? "en", locales };
}

/**
 * Where users reach the wiki whose GraphQL endpoint WIKI_URL names: the URL without `/graphql`
 * (a WIKI_URL already ending in it is accepted). A URL the wiki client refuses is kept as given;
 * that client reports it.
 */
function linkBase(wikiUrl: string): string {
  try {
    return wikiBaseUrl(wikiUrl);
  } catch {
    return wikiUrl;
  }
}

/** The public URL of a page: `{publicBaseUrl}/{locale}/{path}`, each path segment URL-encoded. */
export function pageUrl(
  agent: Pick<AgentSettings, "publicBaseUrl">,
  page: { locale: string; path: string },
): string {
  const path = page.path
    .split("/")
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join("/");
  return `${agent.publicBaseUrl}/${encodeURIComponent(page.locale)}/${path}`;
}

/** Is this path the agent's section or below it? ("" = the whole wiki.) */
export function inSection(agent: Pick<AgentSettings, "section">, path: string): boolean {
  return agent.section === "" || path === agent.section || path.startsWith(`${agent.section}/`);
}

/** May this user edit through this agent? */
export function isEditor(agent: Pick<AgentSettings, "editors">, userId: number | undefined): boolean {
  if (userId === undefined) return false;
  return agent.editors.includes("*") || agent.editors.includes(String(userId));
}
