import type { DemoContent } from "./demo-content.js";
import { DEMO_ALLOWED } from "./demo-setup.js";

export interface BannerInfo {
  webUrl: string;
  httpUrl: string;
  wikiUrl: string;
  apiRoot: string;
  dir: string;
  logFile: string;
  /** What was seeded now; undefined when the wiki was kept from an earlier run. */
  content: DemoContent | undefined;
  ready: boolean;
  /** Lines about ports that were taken. */
  notes: string[];
}

/**
 * The demo's welcome, printed last (the daemon's log goes to a file): where everything is, where
 * the log is, and three things to try, from different parts of the wiki and the product.
 */
export function demoBanner(info: BannerInfo): string {
  const { content } = info;
  const wikiParts = content
    ? [
        `${content.counts.handbook} handbook pages`,
        `${content.counts.docs} pages of the project's docs`,
        ...(content.tldr ? [`${content.counts.tldr} tldr pages`] : []),
        ...(content.counts.translations
          ? [`${content.counts.translations} translated tldr pages (ru, de, es, zh)`]
          : []),
      ].join(", ")
    : `kept from an earlier run (delete ${info.dir} to start afresh)`;
  const tldrMissing = content !== undefined && content.tldr === undefined;
  const commandLine = tldrMissing
    ? `In the group "Acme team": "@acme_wiki_bot how do I approve a pairing code?" (the project's docs)`
    : `DM @devops_v2_wiki_bot: "how do I extract a tar.gz archive?" (the tldr pages)`;
  return [
    "",
    "wiki-gateway demo is running",
    "",
    `  chat page         ${info.webUrl}`,
    `  wiki              ${info.webUrl}/en/handbook/index   (${wikiParts})`,
    `  gateway           ${info.httpUrl}/status   ${info.httpUrl}/metrics   (also /healthz /readyz)`,
    `  sandbox Telegram  ${info.apiRoot}`,
    `  sandbox wiki      ${info.wikiUrl}/graphql`,
    `  daemon log        ${info.logFile}`,
    `  demo folder       ${info.dir}`,
    ...info.notes,
    ...(tldrMissing
      ? [
          "  tldr pages        not found: set TLDR_DIR to a checkout of https://github.com/tldr-pages/tldr",
          "                    (or place them at ../shared/corpus/tldr) for command-line answers",
        ]
      : []),
    ...(info.ready
      ? []
      : [`  (the gateway is not ready yet: see ${info.httpUrl}/readyz and the daemon log)`]),
    "",
    "Try, on the chat page:",
    `  1. DM @acme_wiki_bot: "How many vacation days do I get?" (the team handbook)`,
    `  2. ${commandLine}`,
    `  3. Switch the user to Bob and DM @acme_wiki_bot: he gets a pairing code; press Approve (access policy)`,
    "",
    `Ada is allowed on ${DEMO_ALLOWED.join(", ")}; elsewhere she gets a pairing code too. Ctrl-C stops the demo.`,
    "",
  ].join("\n");
}
