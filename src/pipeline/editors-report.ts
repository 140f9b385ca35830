import type { AgentSettings } from "../agents/agent-settings.js";
import { pageUrl } from "../agents/agent-settings.js";
import { splitTelegramHtml } from "../agents/format/index.js";
import { writeUnansweredPage } from "../agents/unanswered/page-writer.js";
import { unansweredDigest } from "../agents/unanswered/unanswered-digest.js";
import { unansweredPage } from "../agents/unanswered/unanswered-page.js";
import {
  isEmptySummary,
  summariseUnanswered,
  type UnansweredSummary,
} from "../agents/unanswered/unanswered-summary.js";
import { describeWikiFailure } from "../agents/wiki-failure.js";
import { textsFor } from "../i18n/index.js";
import type { Logger } from "../log/logger.js";
import type { DigestStamps } from "../state/digest-file.js";
import { readFeedbackLog } from "../state/feedback-log.js";
import { readGapLog } from "../state/gap-log.js";
import type { WikiPort } from "../wiki/types.js";

/** Where a digest goes: an account's bot, a chat, and a forum topic in it. */
export interface DigestTarget {
  account: string;
  chatId: number;
  threadId?: number;
}

export interface EditorsReportDeps {
  /** The agents in force (every agent that may answer), read at each check. */
  agents: () => Iterable<AgentSettings>;
  wiki: Pick<WikiPort, "getPageByPath" | "createPage" | "updatePage">;
  gapLogFile: string;
  feedbackLogFile: string;
  stamps: DigestStamps;
  /** Sends the digest's chunks; false when the account is not polling here (tried at the next check). */
  send: (target: DigestTarget, chunks: string[]) => Promise<boolean>;
  logger: Logger;
  now?: () => number;
}

export interface EditorsReport {
  /** Refreshes each page and sends each digest that is due; never rejects (failures are logged). */
  check(): Promise<void>;
}

/**
 * The editors' side of what the wiki left unanswered, for each agent with `unanswered` set: its
 * wiki page, refreshed every `pageEveryHours` (and at the first check after start; written only
 * when its content changed), and its chat digest, sent every `digest.everyDays` after the last one
 * (stamped in the state directory, so restarts neither skip nor repeat it) when there is something
 * to tell. A failure (the wiki refusing the page, the account not polling) is logged and tried
 * again at the next check.
 */
export function createEditorsReport(deps: EditorsReportDeps): EditorsReport {
  const now = deps.now ?? Date.now;
  const pageWritten = new Map<string, number>();
  const log = deps.logger.child({ component: "unanswered" });

  async function summaryOf(agent: AgentSettings, days: number): Promise<UnansweredSummary> {
    const [gaps, votes] = await Promise.all([
      readGapLog(deps.gapLogFile),
      readFeedbackLog(deps.feedbackLogFile),
    ]);
    return summariseUnanswered({
      gaps: gaps.records,
      votes: votes.records,
      agent: agent.id,
      days,
      now: now(),
    });
  }

  async function refreshPage(agent: AgentSettings, settings: NonNullable<AgentSettings["unanswered"]>) {
    const last = pageWritten.get(agent.id);
    if (last !== undefined && now() - last < settings.pageEveryHours * 3_600_000) return;
    try {
      const page = unansweredPage(await summaryOf(agent, settings.days), textsFor(undefined, agent.language));
      const outcome = await writeUnansweredPage(
        deps.wiki,
        { path: settings.page, locale: agent.locale },
        page,
      );
      pageWritten.set(agent.id, now());
      log.info({ agent: agent.id, page: settings.page, outcome }, "unanswered questions page refreshed");
    } catch (error) {
      log.warn(
        { agent: agent.id, page: settings.page, ...describeWikiFailure(error) },
        "the unanswered questions page could not be written; tried again at the next check",
      );
    }
  }

  async function sendDigest(agent: AgentSettings, settings: NonNullable<AgentSettings["unanswered"]>) {
    const digest = settings.digest;
    if (!digest) return;
    const last = deps.stamps.lastSent(agent.id);
    if (last !== undefined && now() - last < digest.everyDays * 86_400_000) return;
    const summary = await summaryOf(agent, settings.days);
    if (isEmptySummary(summary)) return;
    const texts = textsFor(undefined, digest.language ?? agent.language);
    const html = unansweredDigest(
      summary,
      texts,
      pageUrl(agent, { path: settings.page, locale: agent.locale }),
    );
    const target = {
      account: digest.account,
      chatId: digest.chatId,
      ...(digest.topic === undefined ? {} : { threadId: digest.topic }),
    };
    try {
      if (!(await deps.send(target, splitTelegramHtml(html)))) return;
      await deps.stamps.sent(agent.id, now());
      log.info(
        { agent: agent.id, account: digest.account, chatId: digest.chatId },
        "unanswered questions digest sent",
      );
    } catch (error) {
      log.warn(
        { agent: agent.id, account: digest.account, chatId: digest.chatId, err: error },
        "the unanswered questions digest could not be sent; tried again at the next check",
      );
    }
  }

  return {
    async check() {
      for (const agent of deps.agents()) {
        if (!agent.unanswered) continue;
        await refreshPage(agent, agent.unanswered);
        await sendDigest(agent, agent.unanswered).catch((err: unknown) =>
          log.warn({ agent: agent.id, err }, "the unanswered questions digest could not be made"),
        );
      }
    },
  };
}
