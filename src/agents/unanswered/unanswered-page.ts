import type { Texts } from "../../i18n/index.js";
import type { QuestionGroup } from "./question-groups.js";
import type { UnansweredSummary } from "./unanswered-summary.js";

/** The editors' wiki page: its title and Markdown content. */
export interface UnansweredPage {
  title: string;
  content: string;
}

/**
 * The Markdown of the editors' page, in `texts`' language: the questions nothing answered and those
 * that found only a weak match (each with how often and when last it was asked, and its other
 * wordings), and the pages voted down. Contract: the same summary gives the same bytes (no time of
 * writing in it), so a refresh that finds nothing new leaves the page as it is.
 */
export function unansweredPage(summary: UnansweredSummary, texts: Texts): UnansweredPage {
  const t = texts.plain.bind(texts);
  const lines = [t("unanswered.intro", { count: summary.days }), ""];
  lines.push(`## ${t("unanswered.nothing")}`, "", ...questionTable(summary.nothing, texts), "");
  lines.push(`## ${t("unanswered.weak")}`, "", ...questionTable(summary.weak, texts), "");
  lines.push(`## ${t("unanswered.votedDown")}`, "");
  if (summary.votedDown.length === 0) lines.push(t("unanswered.none"));
  else {
    lines.push(
      `| ${t("unanswered.page")} | ${t("unanswered.votesDown")} | ${t("unanswered.votesUp")} |`,
      "| --- | ---: | ---: |",
      ...summary.votedDown.map(
        (p) => `| [${cell(p.title)}](/${cell(p.path)}) | ${p.negative} | ${p.positive} |`,
      ),
    );
  }
  return { title: t("unanswered.title"), content: `${lines.join("\n")}\n` };
}

function questionTable(groups: readonly QuestionGroup[], texts: Texts): string[] {
  const t = texts.plain.bind(texts);
  if (groups.length === 0) return [t("unanswered.none")];
  return [
    `| ${t("unanswered.question")} | ${t("unanswered.asked")} | ${t("unanswered.lastAsked")} |`,
    "| --- | ---: | --- |",
    ...groups.map((g) => {
      const variants =
        g.variants.length === 0 ? "" : `<br>${t("unanswered.alsoAsked")}: ${g.variants.map(cell).join("; ")}`;
      return `| ${cell(g.question)}${variants} | ${g.count} | ${minute(g.lastAsked)} |`;
    }),
  ];
}

/** "2026-11-22T12:00:31.000Z" → "2026-11-22 12:00 UTC". */
export function minute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * Text put in a Markdown table cell as text: on one line, and with every character Markdown or
 * HTML would read as markup escaped (a question is never formatting, a link or a script).
 */
function cell(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/[\\`*_{}[\]()#+!|~>-]/g, (c) => `\\${c}`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;");
}
