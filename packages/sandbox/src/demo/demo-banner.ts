import type { DemoHoldings } from "./demo-content.js";
import type { DemoExample } from "./demo-examples.js";
import { DEMO_ALLOWED } from "./demo-setup.js";

/** The model the demo's daemon answers with: none, the stand-in (`--stand-in-model`), or a server. */
export type DemoModel =
  { kind: "none" } | { kind: "stand-in"; recorded: number } | { kind: "server"; url: string };

export interface BannerInfo {
  webUrl: string;
  httpUrl: string;
  wikiUrl: string;
  apiRoot: string;
  dir: string;
  logFile: string;
  /** What the wiki holds now, seeded now or kept from an earlier run. */
  holds: DemoHoldings;
  /** The wiki was kept from an earlier run (nothing seeded now). */
  kept: boolean;
  /** The chat page's example questions (demo-examples.ts): the banner suggests from them. */
  examples: readonly DemoExample[];
  model: DemoModel;
  ready: boolean;
  /** Lines about ports that were taken. */
  notes: string[];
}

/**
 * The demo's welcome, printed last (the daemon's log goes to a file): where everything is, where
 * the log is, which model answers, and three things to try, taken from the chat page's example
 * buttons so that each works on the wiki as it is (a tldr question only when tldr pages are in it).
 */
export function demoBanner(info: BannerInfo): string {
  return [
    "",
    "wiki-gateway demo is running",
    "",
    `  chat page         ${info.webUrl}`,
    `  wiki              ${info.webUrl}/en/handbook/index   (${wikiParts(info)})`,
    `  gateway           ${info.httpUrl}/status   ${info.httpUrl}/metrics   (also /healthz /readyz)`,
    `  model             ${modelLine(info.model)}`,
    `  sandbox Telegram  ${info.apiRoot}`,
    `  sandbox wiki      ${info.wikiUrl}/graphql`,
    `  daemon log        ${info.logFile}`,
    `  demo folder       ${info.dir}`,
    ...info.notes,
    ...(info.holds.tldr > 0
      ? []
      : [
          "  tldr pages        not in this demo's wiki; for command-line answers, get them with",
          "                    git clone --depth 1 https://github.com/tldr-pages/tldr",
          `                    and start the demo again with TLDR_DIR=<that folder>${info.kept ? ` after deleting ${info.dir}` : ""}`,
        ]),
    ...(info.ready
      ? []
      : [`  (the gateway is not ready yet: see ${info.httpUrl}/readyz and the daemon log)`]),
    "",
    "Try, on the chat page (the buttons above the text box ask the same):",
    ...suggestions(info.examples).map((line, i) => `  ${i + 1}. ${line}`),
    "",
    `Ada is allowed on ${DEMO_ALLOWED.join(", ")}; elsewhere she gets a pairing code too. Ctrl-C stops the demo.`,
    "",
  ].join("\n");
}

function wikiParts(info: BannerInfo): string {
  const { holds } = info;
  const parts = [
    `${holds.handbook} handbook pages`,
    `${holds.docs} pages of the project's docs`,
    ...(holds.tldr ? [`${holds.tldr} tldr pages`] : []),
    ...(holds.translations ? [`${holds.translations} translated tldr pages (ru, de, es, zh)`] : []),
  ].join(", ");
  return info.kept ? `${parts}; kept from an earlier run: delete ${info.dir} to start afresh` : parts;
}

function modelLine(model: DemoModel): string {
  if (model.kind === "server") return `${model.url} (answers written by that model from the wiki's passages)`;
  if (model.kind === "none")
    return "none: answers quote the wiki (--stand-in-model or --model-url URL for written ones)";
  const writes = "writes a sentence of the best passage, its citation at the end";
  const what =
    model.recorded > 0
      ? `replays ${model.recorded} recorded replies of a real model, else ${writes}`
      : writes;
  return `a stand-in model is on: it ${what} (--model-url URL for a real model)`;
}

/** A handbook question first, then a tldr one when the wiki holds tldr, else one about the project. */
function suggestions(examples: readonly DemoExample[]): string[] {
  const first = examples.find((e) => e.area === "handbook");
  const tldr = examples.find((e) => e.area === "tldr");
  const docs = examples.find((e) => e.area === "project docs");
  return [
    ...(first ? [`DM @acme_wiki_bot: "${first.question}" (the team handbook)`] : []),
    ...(tldr
      ? [`DM @devops_v2_wiki_bot: "${tldr.question}" (the tldr pages)`]
      : docs
        ? [`In the group "Acme team": "@acme_wiki_bot ${docs.question}" (the project's docs)`]
        : []),
    "Switch the user to Bob and DM @acme_wiki_bot: he gets a pairing code; press Approve (access policy)",
  ];
}
