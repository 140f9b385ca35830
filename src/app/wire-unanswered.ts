import type { AccountPool } from "../accounts/account-pool.js";
import type { Settings } from "../config/settings.js";
import type { Logger } from "../log/logger.js";
import { createEditorsReport, type DigestTarget } from "../pipeline/editors-report.js";
import { openDigestStamps } from "../state/digest-file.js";
import type { StateLayout } from "../state/layout.js";
import type { WikiPort } from "../wiki/types.js";
import type { ConfigInForce } from "./apply-config.js";

/** The first check after start waits at most this long (the wiki is usually reachable by then). */
const FIRST_CHECK_MAX_MS = 30_000;

/**
 * The editors' page and digest of unanswered questions (pipeline/editors-report.ts), checked every
 * GATEWAY_EDITORS_REPORT_SECONDS from shortly after start, one check at a time; the digest goes
 * out through the account's bot when it polls here. Resolves to the function that stops it.
 */
export async function startEditorsReport(deps: {
  settings: Settings;
  layout: StateLayout;
  config: ConfigInForce;
  wiki: WikiPort;
  pool: AccountPool;
  logger: Logger;
}): Promise<() => void> {
  const log = deps.logger.child({ component: "unanswered" });
  const stamps = await openDigestStamps(deps.layout.digestsFile, (err) =>
    log.warn(
      { err, file: deps.layout.digestsFile },
      "the digest stamps could not be read; digests may go out once early",
    ),
  );
  const send = async (target: DigestTarget, chunks: string[]): Promise<boolean> => {
    const runner = deps.pool.get(target.account);
    if (!runner || runner.state().status !== "polling") return false;
    await runner
      .replier({
        chatId: target.chatId,
        ...(target.threadId === undefined ? {} : { threadId: target.threadId }),
      })
      .send(chunks);
    return true;
  };
  const report = createEditorsReport({
    agents: () => deps.config.runtime?.agentsById.values() ?? [],
    wiki: deps.wiki,
    gapLogFile: deps.layout.gapLogFile,
    feedbackLogFile: deps.layout.feedbackLogFile,
    stamps,
    send,
    logger: deps.logger,
  });
  let running: Promise<void> | undefined;
  const check = () => {
    running ??= report.check().finally(() => {
      running = undefined;
    });
  };
  const everyMs = deps.settings.editorsReportSeconds * 1000;
  const first = setTimeout(check, Math.min(everyMs, FIRST_CHECK_MAX_MS));
  const timer = setInterval(check, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
