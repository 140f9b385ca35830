import { html, type Texts } from "../../i18n/index.js";
import { escapeAttribute, escapeHtml } from "../format/index.js";
import type { QuestionGroup } from "./question-groups.js";
import { minute } from "./unanswered-page.js";
import type { UnansweredSummary } from "./unanswered-summary.js";

/** Rows of each list in the digest; the page has the rest. */
export const DIGEST_ROWS = 10;

/**
 * The editors' chat digest (Telegram HTML, in `texts`' language): the most asked questions nothing
 * answered, those with only a weak match, the pages voted down, each list cut to DIGEST_ROWS, and
 * a link to the whole page (`pageUrl`) when there is one.
 */
export function unansweredDigest(summary: UnansweredSummary, texts: Texts, pageUrl?: string): string {
  const out = [`<b>${texts.t("unanswered.digestTitle", { count: summary.days })}</b>`];
  const section = (title: string, rows: string[]) => {
    out.push("", `<b>${escapeHtml(title)}</b>`, ...(rows.length > 0 ? rows : [texts.t("unanswered.none")]));
  };
  section(texts.plain("unanswered.nothing"), questionRows(summary.nothing));
  section(texts.plain("unanswered.weak"), questionRows(summary.weak));
  section(
    texts.plain("unanswered.votedDown"),
    summary.votedDown
      .slice(0, DIGEST_ROWS)
      .map((p) => `${p.negative}× ${escapeHtml(p.title)} (<code>${escapeHtml(p.path)}</code>)`),
  );
  if (pageUrl !== undefined) {
    const link = html(
      `<a href="${escapeAttribute(pageUrl)}">${escapeHtml(texts.plain("unanswered.title"))}</a>`,
    );
    out.push("", texts.t("unanswered.digestPage", { link }));
  }
  return out.join("\n");
}

function questionRows(groups: readonly QuestionGroup[]): string[] {
  return groups
    .slice(0, DIGEST_ROWS)
    .map((g) => `${g.count}× ${escapeHtml(g.question)} <i>(${escapeHtml(minute(g.lastAsked))})</i>`);
}
