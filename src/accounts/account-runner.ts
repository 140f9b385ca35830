import { type RunnerHandle, run, sequentialize } from "@grammyjs/runner";
import type { Bot } from "grammy";
import type { Logger } from "../log/logger.js";
import type { AccountState, AccountStatus } from "./account-state.js";
import { type ApiCallEvent, createAccountBot } from "./account-bot.js";
import { classifyFailure } from "./classify-failure.js";
import type { BotIdentity } from "../core/inbound-message.js";
import { openJournal } from "./journal.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { Replier } from "../core/replier.js";
import type { MembershipEvent } from "./membership-event.js";
import { createReplier } from "./telegram-replier.js";
import { ALLOWED_UPDATES } from "./to-inbound.js";
import { createUpdateProcessor } from "./update-processor.js";
import { type ApiSignal, ensureNoWebhook } from "./webhook-guard.js";

export interface AccountRunnerOptions {
  account: string;
  token: string;
  apiRoot: string;
  journalFile: string;
  logger: Logger;
  handler: MessageHandler;
  toPlain: (html: string) => string;
  onApiCall?: (event: ApiCallEvent) => void;
  /** The bot was added to or removed from a chat, or blocked or unblocked (my_chat_member). */
  onMembership?: (account: string, event: MembershipEvent) => void;
  /** A reply found the group upgraded (400 with migrate_to_chat_id) and went to the new id. */
  onChatMigrated?: (account: string, oldChatId: number, newChatId: number) => void;
  onState?: (state: AccountState) => void;
  /** Updates handled at once (different chats; one chat is always sequential). */
  concurrency?: number;
  /** Long-poll timeout in seconds. */
  pollTimeoutSeconds?: number;
  /** Durable journal writes (fdatasync). */
  durableJournal?: boolean;
  /** The bot's command menu; registered with setMyCommands only when it differs from Telegram's. */
  commands?: ReadonlyArray<{ command: string; description: string }>;
}

export interface AccountRunner {
  readonly account: string;
  /** Starts supervision; resolves once the first attempt settled (polling, or a failure state). */
  start(): Promise<void>;
  /** Stops fetching, waits (up to `deadlineMs`) for running handlers, closes the journal. Idempotent. */
  stop(deadlineMs: number): Promise<void>;
  state(): AccountState;
  /** A replier outside any update (pairing notices, answering a message kept by pairing). */
  replier(target: { chatId: number; messageId?: number }): Replier;
  identity(): BotIdentity | undefined;
}

const INIT_TIMEOUT_MS = 15_000;

/**
 * One account: a grammY bot, its runner and its journal, under supervision.
 * 401 → `unauthorized` (no retry loop); 409 → `conflict` (growing backoff, up to 60 s); a webhook
 * found set → removed, polling resumes; network and 5xx → `network` (backoff up to 10 s).
 * A failure here never reaches another account.
 */
export function createAccountRunner(options: AccountRunnerOptions): AccountRunner {
  const { account } = options;
  const log = options.logger.child({ account });
  const journal = openJournal(options.journalFile, { durable: options.durableJournal ?? true });
  let status: AccountStatus = "starting";
  let problem: AccountState["problem"];
  let since = new Date().toISOString();
  let webhookRemovals = 0;
  let stopping = false;
  let stopPromise: Promise<void> | undefined;
  let handle: RunnerHandle | undefined;
  const stopController = new AbortController();
  const stopSignal = stopController.signal as unknown as ApiSignal & AbortSignal;

  const state = (): AccountState => {
    // A journal that cannot be written overrides everything: messages would not be safe.
    const journalFailure = journal.failing();
    const shown = journalFailure
      ? {
          status: "error" as const,
          problem: {
            code: journalFailure.code,
            message: journalFailure.message,
            remedy: journalFailure.remedy,
          },
        }
      : { status, problem };
    return {
      account,
      status: shown.status,
      ...(bot.isInited() ? { bot: identityOf(bot) } : {}),
      ...(shown.problem ? { problem: shown.problem } : {}),
      since,
      journalDepth: journal.depth(),
      webhookRemovals,
    };
  };
  const setStatus = (next: AccountStatus, nextProblem?: AccountState["problem"]) => {
    if (next === status && nextProblem?.code === problem?.code) return;
    status = next;
    problem = nextProblem;
    since = new Date().toISOString();
    options.onState?.(state());
  };

  const bot: Bot = createAccountBot({
    account,
    token: options.token,
    apiRoot: options.apiRoot,
    journal,
    pollTimeoutSeconds: options.pollTimeoutSeconds ?? 30,
    onPolling: () => {
      if (!stopping) setStatus("polling");
    },
    onApiCall(event) {
      options.onApiCall?.(event);
      if (event.method !== "getUpdates" || stopping) return;
      if (event.ok) setStatus("polling");
      else if (event.errorCode === 0 || (event.errorCode ?? 0) >= 500) {
        setStatus("network", {
          code: "telegram-unavailable",
          message: `getUpdates failed: ${event.description ?? "network error"}`,
          remedy: "nothing to change: the gateway retries with backoff",
        });
      }
    },
  });
  bot.catch((error) => log.error({ err: error.error }, "unhandled error in an update handler"));
  const replierDeps = () => ({
    api: bot.api,
    journal,
    log,
    toPlain: options.toPlain,
    onMigrated: (oldChatId: number, newChatId: number) =>
      options.onChatMigrated?.(account, oldChatId, newChatId),
  });

  const processor = createUpdateProcessor({
    account,
    journal,
    log,
    handler: options.handler,
    identity: () => identityOf(bot),
    replierFor: (target) => createReplier(replierDeps(), target),
    resubmit: (update) => void bot.handleUpdate(update as never).catch(() => {}),
    onMembership: (event) => options.onMembership?.(account, event),
  });
  bot.use(sequentialize((ctx) => String(ctx.chat?.id ?? ctx.update.update_id)));
  bot.use((ctx) => processor.process(ctx.update as unknown as Record<string, unknown>));

  let firstSettled: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    firstSettled = resolve;
  });

  async function supervise(): Promise<void> {
    let backoffMs = 1000;
    let replayed = false;
    while (!stopping) {
      try {
        if (!bot.isInited()) {
          const signal = AbortSignal.any([stopSignal, AbortSignal.timeout(INIT_TIMEOUT_MS)]);
          await bot.init(signal as unknown as ApiSignal);
          log.info({ bot: identityOf(bot) }, "bot identity");
        }
        if (await ensureNoWebhook(bot.api, log, stopSignal)) webhookRemovals += 1;
        if (!replayed) {
          replayed = true;
          await syncCommands();
          if (journal.unfinished.length > 0) {
            // Replies that were being sent when the previous process died may have reached the
            // user already; they are sent again (at-least-once) and named here.
            const ambiguous = journal.unfinished.filter((e) => e.ambiguous.size > 0).map((e) => e.updateId);
            log.info({ count: journal.unfinished.length, ambiguous }, "replaying unfinished updates");
          }
          for (const entry of journal.unfinished)
            void bot.handleUpdate(entry.update as never).catch(() => {});
        }
        handle = run(bot, {
          runner: {
            fetch: { allowed_updates: ALLOWED_UPDATES, timeout: options.pollTimeoutSeconds ?? 30 },
            silent: true,
            maxRetryTime: 5000,
            retryInterval: 500,
          },
          sink: { concurrency: options.concurrency ?? 64 },
        });
        const task = handle.task();
        // A first successful poll (or a failure) settles start().
        void waitForPoll().then(firstSettled);
        await task;
        if (stopping) break;
      } catch (error) {
        if (stopping) break;
        const failure = classifyFailure(account, error);
        const detail = { code: failure.code, message: failure.message, remedy: failure.remedy };
        if (failure.kind === "unauthorized") {
          setStatus("unauthorized", detail);
          log.error(detail, failure.message);
          firstSettled();
          return;
        }
        if (failure.kind === "webhook") {
          log.warn(detail, failure.message);
          continue;
        }
        setStatus(
          failure.kind === "conflict" ? "conflict" : failure.kind === "network" ? "network" : "error",
          detail,
        );
        log.warn({ ...detail, retryInMs: backoffMs }, failure.message);
        firstSettled();
        await sleep(backoffMs, stopSignal);
        backoffMs = Math.min(backoffMs * 2, failure.kind === "network" ? 10_000 : 60_000);
        continue;
      }
      backoffMs = 1000;
    }
  }

  /** setMyCommands on every restart draws 429s from Telegram: compare first. Never fatal. */
  async function syncCommands(): Promise<void> {
    const wanted = options.commands;
    if (!wanted) return;
    try {
      const current = await bot.api.getMyCommands();
      const same =
        current.length === wanted.length &&
        current.every((c, i) => c.command === wanted[i]?.command && c.description === wanted[i]?.description);
      if (!same) {
        await bot.api.setMyCommands(wanted.map((c) => ({ command: c.command, description: c.description })));
        log.info({ commands: wanted.length }, "command menu registered");
      }
    } catch (error) {
      log.warn({ err: error }, "could not register the command menu; commands still work");
    }
  }

  async function waitForPoll(): Promise<void> {
    while (!stopping && status !== "polling" && handle?.isRunning()) await sleep(20, stopSignal);
  }

  return {
    account,
    async start() {
      setStatus("starting");
      void supervise().catch((error) => log.error({ err: error }, "account supervisor crashed"));
      await settled;
    },
    stop(deadlineMs) {
      stopPromise ??= (async () => {
        stopping = true;
        stopController.abort();
        await handle?.stop().catch(() => {});
        const drained = await processor.drain(deadlineMs, () => handle?.size() ?? 0);
        if (!drained)
          log.warn(
            { deadlineMs },
            "stop deadline reached with handlers still running; they are replayed at next start",
          );
        await journal.close();
        setStatus("stopped");
        firstSettled();
      })();
      return stopPromise;
    },
    state,
    replier: (target) => createReplier(replierDeps(), target),
    identity: () => (bot.isInited() ? identityOf(bot) : undefined),
  };
}

function identityOf(bot: Bot): BotIdentity {
  const me = bot.botInfo;
  return {
    id: me.id,
    username: me.username,
    firstName: me.first_name,
    canReadAllGroupMessages: me.can_read_all_group_messages,
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
