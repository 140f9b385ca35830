import { cutPagesOf, formatCutPages } from "./cut-pages.js";
import type { CliCode } from "./cli-codes.js";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { knownAgentIds } from "../config/agent-references.js";
import { readGatewayConfig } from "../config/load.js";
import { loadSettings } from "../config/settings.js";
import { GatewayError } from "../errors.js";
import { readFeedbackLog } from "../state/feedback-log.js";
import { readGapLog } from "../state/gap-log.js";
import { createStateLayout } from "../state/layout.js";
import { readModelUsageLog } from "../state/model-usage-log.js";
import { type Command, parseFlags, SETTINGS_FLAGS, settingsArgs, UsageError } from "./command.js";
import { formatModelUse, modelUse } from "./report-models.js";
import {
  groupUnanswered,
  type PagePick,
  pagePicks,
  type QuestionGroup,
} from "../agents/unanswered/question-groups.js";
import { type PageVotes, pageVotes } from "../agents/unanswered/page-votes.js";
import { renderTable } from "./table.js";

const usage = "wiki-gateway report [--agent ID] [--since 7d] [--limit N] [--json]";
const FLAGS = {
  ...SETTINGS_FLAGS,
  agent: { type: "string" },
  since: { type: "string" },
  limit: { type: "string" },
  json: { type: "boolean" },
} as const;

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
/** The longest --since: 100 years (36500d), far beyond any log kept, and a date JavaScript can hold. */
const MAX_SINCE_MS = 36_500 * UNITS.d!;

/** "7d" → ms; m, h, d, w, from 1m to 36500d; a clear usage error otherwise. */
export function parseSince(text: string): number {
  const match = /^(\d+)([mhdw])$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) {
    throw new UsageError(
      `--since "${text}" is not a duration: write a number and m, h, d or w, such as 7d`,
      usage,
    );
  }
  const ms = Number(match[1]) * UNITS[match[2]!]!;
  if (ms > MAX_SINCE_MS) {
    throw new UsageError(
      `--since "${text}" is too long: give from 1m to 36500d (100 years; 5200w, 876000h)`,
      usage,
    );
  }
  return ms;
}

/**
 * `report`: what the wiki does not answer, from the gap log in the state directory: the questions
 * most often left with "nothing found" or only choices (near-duplicates grouped), and the pages
 * people picked from choices; and from the feedback log, the pages with the most negative and the
 * most positive votes (users' reactions on answers); and from the model usage log, the tokens,
 * calls and fallbacks of each model per agent and account. For wiki authors: what to write or
 * retitle next; for operators: what the model costs. Exit 0 (also with nothing recorded), 2 on bad usage: a --since out of range, an --agent
 * neither configured nor recorded, a state directory that does not exist.
 */
export const reportCommand: Command = {
  name: "report",
  summary:
    "questions the wiki left unanswered, the pages picked from choices, votes, and the tokens models used",
  usage,
  flags: FLAGS,
  async run(args, io) {
    const { values } = parseFlags(args, FLAGS, usage);
    const sinceMs = parseSince(values.since ?? "30d");
    const limit = values.limit === undefined ? 20 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) {
      throw new UsageError(`--limit "${values.limit}" must be a whole number from 1`, usage);
    }
    const settings = loadSettings(settingsArgs(values), io.env);
    await requireStateDir(settings.stateDir);
    const layout = createStateLayout(settings.stateDir);
    const { records, invalid } = await readGapLog(layout.gapLogFile);
    const from = new Date(Date.now() - sinceMs).toISOString();
    const kept = records.filter(
      (r) => r.at >= from && (values.agent === undefined || r.agent === values.agent),
    );
    const groups = groupUnanswered(kept).slice(0, limit);
    const picks = pagePicks(kept).slice(0, limit);
    const inlinePicks = pagePicks(kept, "inline").slice(0, limit);
    if (invalid > 0)
      io.err(`${invalid} line(s) of ${layout.gapLogFile} are not gap records and were skipped\n`);
    const feedback = await readFeedbackLog(layout.feedbackLogFile);
    if (feedback.invalid > 0)
      io.err(
        `${feedback.invalid} line(s) of ${layout.feedbackLogFile} are not vote records and were skipped\n`,
      );
    const modelLog = await readModelUsageLog(layout.modelUsageFile);
    if (modelLog.invalid > 0)
      io.err(
        `${modelLog.invalid} line(s) of ${layout.modelUsageFile} are not model usage records and were skipped\n`,
      );
    if (values.agent !== undefined) {
      await requireKnownAgent(values.agent, settings.configPath, [
        ...records,
        ...feedback.records,
        ...modelLog.records,
      ]);
    }
    const models = modelUse(
      modelLog.records.filter(
        (r) => r.at >= from && (values.agent === undefined || r.agent === values.agent),
      ),
    );
    const votes = pageVotes(
      feedback.records.filter(
        (r) => r.at >= from && (values.agent === undefined || r.agent === values.agent),
      ),
      limit,
    );
    const cut = await cutPagesOf(layout.indexFile);
    if (values.json === true) {
      io.out(
        `${JSON.stringify({ since: from, agent: values.agent ?? null, unanswered: groups, picked: picks, inline: inlinePicks, votes, models, cutPages: cut })}\n`,
      );
      return 0;
    }
    io.out(formatReport(groups, picks, { from, agent: values.agent, file: layout.gapLogFile }));
    io.out(formatInlinePicks(inlinePicks));
    io.out(formatVotes(votes));
    io.out(formatModelUse(models));
    io.out(formatCutPages(cut));
    return 0;
  },
};

/**
 * A state directory that does not exist is a mistyped `--state-dir` (or GATEWAY_STATE_DIR), not a
 * gateway that recorded nothing: the daemon creates it at start.
 */
async function requireStateDir(stateDir: string): Promise<void> {
  const isDir = await stat(stateDir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) {
    throw new GatewayError<CliCode>(
      "config-state-dir-missing",
      `the state directory ${resolve(stateDir)} does not exist`,
      "point --state-dir (or GATEWAY_STATE_DIR) at the gateway's state directory, the one `wiki-gateway start` uses",
    );
  }
}

/**
 * `--agent ID` must name an agent gateway.json knows, or one the logs recorded (an agent since
 * removed from the file); anything else is a typo that would print "none recorded".
 */
async function requireKnownAgent(
  agent: string,
  configPath: string,
  records: ReadonlyArray<{ agent: string }>,
): Promise<void> {
  const reading = await readGatewayConfig(configPath);
  const configured = reading.ok ? knownAgentIds(reading.config) : [];
  const recorded = records.map((r) => r.agent);
  if (configured.includes(agent) || recorded.includes(agent)) return;
  const known = [...new Set([...configured, ...recorded])].join(", ") || "none";
  throw new UsageError(
    `no agent "${agent}" is configured in ${reading.path} or recorded in the state directory's logs (known: ${known})`,
    usage,
  );
}

/** The pages picked from inline results in other chats: what people look up on their own. */
function formatInlinePicks(picks: PagePick[]): string {
  const out = ["", "Pages picked from inline results (@bot words in any chat):", ""];
  if (picks.length === 0) out.push("none recorded");
  else {
    const rows = picks.map((p) => [String(p.taps), p.path, p.title, p.questions.join(" | ")]);
    out.push(renderTable([["picks", "page", "title", "words typed"], ...rows]));
  }
  return `${out.join("\n")}\n`;
}

/** The pages users voted on with reactions: the most disliked first, then the most liked. */
function formatVotes(votes: { negative: PageVotes[]; positive: PageVotes[] }): string {
  const table = (pages: PageVotes[]) =>
    pages.length === 0
      ? "none recorded"
      : renderTable([
          ["👎", "👍", "page", "title", "agents"],
          ...pages.map((p) => [String(p.negative), String(p.positive), p.path, p.title, p.agents.join(",")]),
        ]);
  const out = [
    "",
    "Pages with the most negative votes (reactions on answers: rewrite these first):",
    "",
    table(votes.negative),
    "",
    "Pages with the most positive votes:",
    "",
    table(votes.positive),
  ];
  return `${out.join("\n")}\n`;
}

function formatReport(
  groups: QuestionGroup[],
  picks: PagePick[],
  scope: { from: string; agent: string | undefined; file: string },
): string {
  const where = `since ${scope.from.slice(0, 16).replace("T", " ")} UTC, ${scope.agent ? `agent ${scope.agent}` : "every agent"}`;
  const out = [`Questions the wiki left unanswered (${where}):`, ""];
  if (groups.length === 0) out.push(`none recorded (${scope.file})`);
  else {
    const rows = groups.flatMap((g) => [
      [
        String(g.count),
        String(g.nothing),
        String(g.choices),
        g.question,
        g.agents.join(","),
        g.lastAsked.slice(0, 16).replace("T", " "),
      ],
      ...g.variants.map((v) => ["", "", "", `  ≈ ${v}`, "", ""]),
    ]);
    out.push(
      renderTable([
        ["asked", "nothing", "choices", "question (≈ near-duplicates)", "agents", "last asked"],
        ...rows,
      ]),
    );
  }
  out.push("", "Pages picked from choices (retitle them, or answer these questions on them):", "");
  if (picks.length === 0) out.push("none recorded");
  else {
    const rows = picks.map((p) => [String(p.taps), p.path, p.title, p.questions.join(" | ")]);
    out.push(renderTable([["taps", "page", "title", "questions"], ...rows]));
  }
  return `${out.join("\n")}\n`;
}
