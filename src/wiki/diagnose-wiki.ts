import type { Check } from "../core/check-result.js";
import { errorMessage } from "../errors.js";
import { type WikiSettings, wikiClientFromSettings } from "./client/client-from-settings.js";
import { graphqlEndpoint, type WikiClient } from "./client/wiki-client.js";
import { readWikiToken } from "./token.js";
import { isWikiError } from "./wiki-error.js";

/**
 * The wiki part of `doctor`: the URL, the token file (present, a whole JWT, not expired, not
 * readable by others), real authentication (a guest fallback is a failure), and the rights the
 * gateway uses (list, single with content, create), and, when it writes pages of its own
 * (`writtenPages`: the editors' pages of unanswered questions), the right to write pages. Never throws.
 */
export async function diagnoseWiki(
  settings: WikiSettings,
  writtenPages: readonly string[] = [],
): Promise<Check[]> {
  const tokenFile = settings.wikiTokenFile;
  const subject = "wiki";
  const checks: Check[] = [];
  const fail = (check: string, error: unknown): Check => ({
    subject,
    check,
    status: "fail",
    detail: isWikiError(error) ? error.message : errorMessage(error),
    ...(isWikiError(error) ? { fix: error.remedy } : {}),
  });
  try {
    checks.push({ subject, check: "url", status: "ok", detail: graphqlEndpoint(settings.wikiUrl) });
  } catch (error) {
    return [fail("url", error)];
  }
  try {
    const token = await readWikiToken(tokenFile);
    const expiry = token.expiresAt ? `expires ${token.expiresAt.toISOString()}` : "no expiry";
    checks.push({
      subject,
      check: "token file",
      status: "ok",
      detail: `${tokenFile}: a JWT, ${expiry}`,
    });
    for (const warning of token.warnings) {
      checks.push({
        subject,
        check: "token file mode",
        status: "warn",
        detail: warning,
        fix: `chmod 600 ${tokenFile}`,
      });
    }
  } catch (error) {
    checks.push(fail("token file", error));
    return checks;
  }
  const client = wikiClientFromSettings(settings, { retries: 0 });
  try {
    const probe = await client.probe();
    checks.push({
      subject,
      check: "authentication",
      status: "ok",
      detail: `authenticated (no guest fallback); ${probe.pageCount} pages listed`,
    });
    checks.push(
      probe.pageCount === 0
        ? {
            subject,
            check: "rights",
            status: "warn",
            detail: "the wiki has no page yet, so reading content could not be checked",
            fix: "create a page, or run `wiki-gateway wiki import DIR`",
          }
        : probe.canReadContent
          ? { subject, check: "rights", status: "ok", detail: "list, single and page content readable" }
          : {
              subject,
              check: "rights",
              status: "fail",
              detail: "page content is not readable",
              fix: "give the key's group read:source (and manage:pages) in Wiki.js",
            },
    );
    if (writtenPages.length > 0) checks.push(await writeRight(client, writtenPages));
  } catch (error) {
    checks.push(fail("authentication", error));
  }
  return checks;
}

/** The key may write the pages the gateway keeps (a harmless update of a page that does not exist). */
async function writeRight(client: WikiClient, pages: readonly string[]): Promise<Check> {
  const check = "write rights";
  const subject = "wiki";
  const named = pages.join(", ");
  try {
    return (await client.canWritePages())
      ? { subject, check, status: "ok", detail: `may write pages (${named})` }
      : {
          subject,
          check,
          status: "fail",
          detail: `the key may not write pages, so ${named} cannot be kept`,
          fix: "give the key's group write:pages and manage:pages on _gateway/* in Wiki.js (Administration > Groups > Page Rules)",
        };
  } catch (error) {
    return {
      subject,
      check,
      status: "fail",
      detail: isWikiError(error) ? error.message : errorMessage(error),
      ...(isWikiError(error) ? { fix: error.remedy } : {}),
    };
  }
}
