import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestWorld, type TestWorld } from "../packages/sandbox/src/test-world.js";
import { stopProcess } from "./lib/processes.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";
import { startGateway, writeOneGroupConfig } from "./lib/world.js";

/** The burst: questions to one group (each mentioning the bot) and DMs from several users, all at once. */
const GROUP_QUESTIONS = 60;
const DM_USERS = 20;
const DMS_PER_USER = 5;
/** Longest wait for the last reply of a burst. */
const BURST_TIMEOUT_MS = 420_000;

const PAGES = [
  {
    path: "guides/backup",
    title: "Backups",
    content: "# Backups\n\nThe nightly backup runs at 02:00.\n\n## Restore\n\nRun `restore --latest`.",
  },
  { path: "guides/vpn", title: "VPN access", content: "# VPN access\n\nInstall the client and sign in." },
  { path: "guides/printers", title: "Printers", content: "# Printers\n\nAdd the printer by its name." },
];
const QUESTIONS = ["how do I restore a backup?", "how do I get vpn access?", "how do I add a printer?"];

export interface PacingRun {
  pacing: boolean;
  questions: number;
  replies: number;
  lost: number;
  refusals429: number;
  sendCalls: number;
  completionSeconds: number;
  groupCompletionSeconds: number;
  dmCompletionSeconds: number;
}

/**
 * One burst against the daemon and the Telegram sandbox, which keeps Telegram's flood limits
 * (429 with retry_after past them): 60 questions to one group and 5 DMs from each of 20 users, all
 * at once. Counts the 429s Telegram (the sandbox) answered, the questions left without a reply
 * (lost), and the time until the last reply.
 */
async function burst(pacing: boolean, port: number): Promise<PacingRun> {
  const world: TestWorld = await createTestWorld({
    prefix: "wg-bench-pacing-",
    accounts: ["default"],
    botUsername: () => "pacing_bench_bot",
    users: Array.from({ length: DM_USERS }, (_, i) => ({ firstName: `User${i}` })),
    groupTitle: "Burst",
    pages: PAGES,
  });
  const stateDir = mkdtempSync(join(tmpdir(), "wg-bench-pacing-state-"));
  try {
    writeOneGroupConfig(world, true);
    const gateway = await startGateway(world, stateDir, port, {
      // No busy-chat bound: every question is answered, so the queue is measured against the 429s alone.
      env: {
        TELEGRAM_PACING: String(pacing),
        TELEGRAM_BUSY_CHAT_SECONDS: "0",
        GATEWAY_STOP_TIMEOUT_MS: "30000",
      },
    });
    try {
      const { telegram } = world;
      const bot = world.bots.default!.username;
      const asked: Array<{ chatId: number; messageId: number; group: boolean }> = [];
      const started = performance.now();
      for (let n = 0; n < GROUP_QUESTIONS; n += 1) {
        const from = world.users[n % world.users.length]!.id;
        const text = `@${bot} ${QUESTIONS[n % QUESTIONS.length]!}`;
        const said = telegram.userSays({ from, chat: world.group.id, text });
        asked.push({ chatId: said.chatId, messageId: said.messageId, group: true });
      }
      for (let round = 0; round < DMS_PER_USER; round += 1) {
        for (const user of world.users) {
          const said = telegram.userSays({ from: user.id, chat: { bot }, text: QUESTIONS[round % 3]! });
          asked.push({ chatId: said.chatId, messageId: said.messageId, group: false });
        }
      }
      const key = (chatId: number, messageId: number) => `${chatId}|${messageId}`;
      const answeredAt = new Map<string, number>();
      const deadline = Date.now() + BURST_TIMEOUT_MS;
      while (answeredAt.size < asked.length && Date.now() < deadline) {
        for (const m of telegram.sent({ bot })) {
          if (m.replyToMessageId === undefined) continue;
          const k = key(m.chatId, m.replyToMessageId);
          if (!answeredAt.has(k)) answeredAt.set(k, performance.now() - started);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const times = (group: boolean) =>
        asked.filter((a) => a.group === group).map((a) => answeredAt.get(key(a.chatId, a.messageId)) ?? NaN);
      const last = (values: number[]) => round(Math.max(...values.filter(Number.isFinite), 0) / 1000, 1);
      const sends = telegram.calls({ bot, method: "sendMessage" });
      return {
        pacing,
        questions: asked.length,
        replies: answeredAt.size,
        lost: asked.length - answeredAt.size,
        refusals429: sends.filter((c) => c.status === 429).length,
        sendCalls: sends.length,
        completionSeconds: last([...times(true), ...times(false)]),
        groupCompletionSeconds: last(times(true)),
        dmCompletionSeconds: last(times(false)),
      };
    } finally {
      await stopProcess(gateway.child);
    }
  } finally {
    await world.close();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/**
 * `node bench/dist/bench/run.js pacing [--runs N]`: the same burst with the outgoing queue
 * (TELEGRAM_PACING=true, the default) and without it (false: Telegram's 429s and auto-retry only),
 * `runs` times each (3 by default); medians.
 */
export async function runPacing(options: { runs?: number; port?: number } = {}): Promise<{ table: string }> {
  const runs = options.runs ?? 3;
  const port = options.port ?? 18_493;
  const all: PacingRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    for (const pacing of [true, false]) {
      const result = await burst(pacing, port);
      process.stderr.write(`pacing ${pacing ? "on" : "off"} run ${i + 1}: ${JSON.stringify(result)}\n`);
      all.push(result);
    }
  }
  const row = (pacing: boolean) => {
    const mine = all.filter((r) => r.pacing === pacing);
    const med = (pick: (r: PacingRun) => number) => median(mine.map(pick));
    return [
      pacing ? "outgoing queue (default)" : "no queue: 429 + auto-retry",
      med((r) => r.refusals429),
      med((r) => r.sendCalls),
      med((r) => r.lost),
      med((r) => r.completionSeconds),
      med((r) => r.groupCompletionSeconds),
      med((r) => r.dmCompletionSeconds),
    ];
  };
  const table = writeResults(
    "pacing",
    { runs: all },
    {
      title: `Pacing: one burst of ${GROUP_QUESTIONS} group questions + ${DM_USERS * DMS_PER_USER} DMs from ${DM_USERS} users, Telegram's flood limits in the sandbox, median of ${runs} runs`,
      columns: [
        "sending",
        "429s",
        "sendMessage calls",
        "lost",
        "last reply (s)",
        "group done (s)",
        "DMs done (s)",
      ],
      rows: [row(true), row(false)],
    },
  );
  return { table };
}
