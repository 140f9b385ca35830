import type { Settings } from "../../config/settings.js";
import { createWikiClient, type WikiClient, type WikiClientOptions } from "./wiki-client.js";

export type WikiSettings = Pick<Settings, "wikiUrl" | "wikiTokenFile" | "wikiTimeoutMs"> &
  Partial<Pick<Settings, "wikiWriteTimeoutMs" | "wikiResponseMaxBytes" | "wikiPageMaxBytes">>;

/**
 * The one way from settings to a wiki client: WIKI_URL, WIKI_TOKEN_FILE, WIKI_TIMEOUT_MS and
 * WIKI_WRITE_TIMEOUT_MS (creates and updates), WIKI_RESPONSE_MAX_BYTES and WIKI_PAGE_MAX_BYTES, plus
 * what the caller adds (metrics hooks, a logger, a concurrency limit).
 */
export function wikiClientFromSettings(
  settings: WikiSettings,
  extra: Omit<WikiClientOptions, "baseUrl" | "tokenFile" | "timeoutMs" | "writeTimeoutMs"> = {},
): WikiClient {
  return createWikiClient({
    baseUrl: settings.wikiUrl,
    tokenFile: settings.wikiTokenFile,
    timeoutMs: settings.wikiTimeoutMs,
    ...(settings.wikiWriteTimeoutMs !== undefined ? { writeTimeoutMs: settings.wikiWriteTimeoutMs } : {}),
    ...(settings.wikiResponseMaxBytes !== undefined && settings.wikiPageMaxBytes !== undefined
      ? {
          bounds: {
            responseMaxBytes: settings.wikiResponseMaxBytes,
            pageMaxBytes: settings.wikiPageMaxBytes,
          },
        }
      : {}),
    ...extra,
  });
}
