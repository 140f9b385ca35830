import type { World } from "./world.js";
import { percentile } from "./stats.js";

export interface LoadResult {
  messages: number;
  answered: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Sends `count` questions at once from the world's users: 80 % in DMs spread over every bot, 20 %
 * in the group as a mention of a bot. Waits until each has its reply (matched by reply_to) or
 * the deadline passes, and measures throughput and message→reply latency (ms).
 */
export async function burst(
  world: World,
  questions: readonly string[],
  count: number,
  deadlineMs = 120_000,
): Promise<LoadResult> {
  const { telegram } = world;
  const startSeq = telegram.sent().at(-1)?.seq ?? 0;
  const sentAt = new Map<string, number>();
  const bots = world.accounts.map((account) => world.bots[account]!);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const user = world.users[i % world.users.length]!;
    const bot = bots[i % bots.length]!;
    const question = questions[i % questions.length]!;
    const inGroup = i % 5 === 4;
    const said = telegram.userSays({
      from: user.id,
      chat: inGroup ? world.group.id : { bot: bot.username },
      text: inGroup ? `@${bot.username} ${question}` : question,
    });
    sentAt.set(`${bot.username}:${said.chatId}:${said.messageId}`, performance.now());
  }
  const latencies: number[] = [];
  let since = startSeq;
  let last = t0;
  const deadline = Date.now() + deadlineMs;
  while (latencies.length < count && Date.now() < deadline) {
    for (const m of telegram.sent({ sinceSeq: since })) {
      since = Math.max(since, m.seq);
      if (m.replyToMessageId === undefined) continue;
      const key = `${m.bot}:${m.chatId}:${m.replyToMessageId}`;
      const at = sentAt.get(key);
      if (at === undefined) continue;
      sentAt.delete(key);
      last = performance.now();
      latencies.push(last - at);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const seconds = (last - t0) / 1000;
  return {
    messages: count,
    answered: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
