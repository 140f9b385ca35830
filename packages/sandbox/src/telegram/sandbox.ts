import { createFileStore } from "./files.js";
import { tap } from "./callback-queries.js";
import { createChatStore } from "./chat-store.js";
import { createControlApi } from "./control-api.js";
import { createDraftBoard } from "./draft-board.js";
import { stopGeneration } from "./drafts.js";
import { SandboxError } from "./errors.js";
import { createFaultState } from "./faults.js";
import { TELEGRAM_FLOOD_LIMITS } from "./flood.js";
import { chooseInlineResult, inlineQuery } from "./inline-queries.js";
import { createSandboxHttp, type SandboxHttp } from "./http-server.js";
import { createCallLog, createSentLog } from "./logs.js";
import { reportBlock, setBotAdmin, setBotMembership } from "./membership.js";
import { react } from "./reactions.js";
import { createRegistry } from "./registry.js";
import { channelPost, closeTopic, createTopic, upgradeGroup } from "./service-messages.js";
import type { FloodLimits, TelegramSandbox } from "./types.js";
import { userEdits } from "./user-edits.js";
import { injectUpdate, userSays } from "./user-messages.js";
import { createBotStates, unixTime, type World } from "./world.js";

export interface TelegramSandboxOptions {
  /** The sandbox clock in ms (message dates, 24 h retention, log times). Flood limits use the real clock. */
  now?: () => number;
  /**
   * The flood limits sends meet (429 with retry_after past them), and what `faults.clear()` and
   * `reset()` go back to: Telegram's (TELEGRAM_FLOOD_LIMITS) unless given; null = none.
   */
  flood?: FloodLimits | null;
}

/**
 * A local Telegram Bot API server for tests, the demo and the benchmarks: bots, users and groups
 * in memory, the Bot API over HTTP (`/bot<TOKEN>/<method>`), a control API (`/__sandbox/...`) and
 * faults. Nothing is shared between two sandboxes.
 */
export function createTelegramSandbox(options: TelegramSandboxOptions = {}): TelegramSandbox {
  const now = options.now ?? Date.now;
  const registry = createRegistry();
  const states = createBotStates(registry, now);
  let http: SandboxHttp | undefined;
  let apiRoot = "";
  let closed: Promise<void> | undefined;

  const faultState = createFaultState(
    {
      botKey: (username) => states.get(username).key,
      setWebhook: (bot, url) => states.get(bot).updates.setWebhook(url),
      startCompetitor: (bot) => states.get(bot).updates.startCompetitor(),
      onBlock: (bot, userId, blocked) => reportBlock(world, bot, userId, blocked),
      onDown: (isDown) => {
        if (isDown) http?.dropBotSockets();
      },
    },
    Math.random,
    options.flood === undefined ? TELEGRAM_FLOOD_LIMITS : options.flood,
  );
  const world: World = {
    now,
    registry,
    chats: createChatStore(),
    faults: faultState,
    sent: createSentLog(),
    calls: createCallLog(),
    botState: (username) => states.get(username),
    allBotStates: () => states.all(),
    openDms: new Set(),
    callbackQueries: new Map(),
    inlineQueries: new Map(),
    drafts: createDraftBoard(now),
    deleted: [],
    files: createFileStore(),
  };

  const sandbox: TelegramSandbox = {
    async listen(port = 0, host = "127.0.0.1") {
      if (http) throw new SandboxError("listening", "the sandbox is listening already", "call listen() once");
      http = createSandboxHttp(world, createControlApi(sandbox, world.sent));
      const bound = await http.listen(port, host);
      apiRoot = `http://${host.includes(":") ? `[${host}]` : host}:${bound.port}`;
      return apiRoot;
    },
    get apiRoot() {
      return apiRoot;
    },
    close() {
      closed ??= (async () => {
        for (const state of states.all()) state.updates.close();
        world.sent.close();
        await http?.close();
      })();
      return closed;
    },
    addBot(spec) {
      const bot = registry.addBot(spec);
      states.get(bot.username);
      return { ...bot };
    },
    addUser: (spec) => ({ ...registry.addUser(spec) }),
    addGroup(spec) {
      const chat = registry.addGroup(spec);
      // A forum's first message (its creation) takes id 1, the id the General topic is known by.
      if (chat.isForum) {
        world.chats.addForUsers(
          { chatId: chat.id, type: "supergroup" },
          {
            chatId: chat.id,
            from: { kind: "user", id: 0 },
            text: "",
            date: unixTime(world),
            service: { supergroup_chat_created: true },
          },
        );
      }
      return chat;
    },
    upgradeGroup: (id) => upgradeGroup(world, id),
    createTopic: (group, spec) => createTopic(world, group, spec),
    closeTopic: (group, threadId) => closeTopic(world, group, threadId),
    setBotMembership: (group, bot, status, by) => setBotMembership(world, group, bot, status, by),
    addChannel: (spec) => registry.addChannel(spec),
    channelPost: (channel, text) => channelPost(world, channel, text),
    userSays: (input) => userSays(world, input),
    userEdits: (input) => userEdits(world, input),
    injectUpdate: (bot, update, options) => injectUpdate(world, bot, update, options),
    tap: (input) => tap(world, input),
    react: (input) => react(world, input),
    setBotAdmin: (group, bot, admin, by) => setBotAdmin(world, group, bot, admin, by),
    setBotInline(bot, on) {
      registry.bot(bot).inline = on;
    },
    inlineQuery: (input) => inlineQuery(world, input),
    inlineAnswer: (id) => world.inlineQueries.get(id)?.answer,
    async waitForInlineAnswer(id, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const answer = world.inlineQueries.get(id)?.answer;
        if (answer) return answer;
        if (Date.now() > until) {
          throw new SandboxError(
            "no-inline-answer",
            `inline query ${id} was not answered in ${timeoutMs} ms`,
            "is the bot polling, with inline_query in allowed_updates?",
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    chooseInlineResult: (input) => chooseInlineResult(world, input),
    sent: (filter) => world.sent.list(filter),
    waitForSent: (predicate, timeoutMs = 10_000) => world.sent.waitFor(predicate, timeoutMs),
    calls: (filter) => world.calls.list(filter),
    drafts: (filter) => world.drafts.record(filter),
    liveDrafts: (filter) => world.drafts.live(filter),
    stopGeneration: (input) => stopGeneration(world, input),
    deleted: (filter = {}) =>
      world.deleted.filter(
        (d) =>
          (filter.bot === undefined || d.bot === filter.bot) &&
          (filter.chatId === undefined || d.chatId === filter.chatId),
      ),
    pendingUpdates: (bot) => states.get(bot).updates.pending(),
    downloads: () => world.files.downloads(),
    faults: faultState.faults,
    reset() {
      world.sent.clear();
      world.calls.clear();
      world.drafts.clear();
      world.deleted.length = 0;
      world.files.reset();
      faultState.faults.clear();
      for (const state of states.all()) state.updates.reset();
    },
    state: () => registry.state(),
  };
  return sandbox;
}
