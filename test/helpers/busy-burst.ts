import { expect } from "vitest";
import { TELEGRAM_FLOOD_LIMITS } from "../../packages/sandbox/src/telegram/index.js";
import { type DaemonProcess, eventually } from "./daemon.js";
import type { Stack, StackOptions } from "./stack.js";

/**
 * A busy group for the tests of docs/busy-chats.md: the sandbox keeps Telegram's flood limits,
 * the bot sees every group message (privacy off) and answers its group without a mention.
 */
export function busyGroupOptions(env: Record<string, string> = {}): StackOptions {
  return {
    flood: TELEGRAM_FLOOD_LIMITS,
    privacy: false,
    env,
    account: (_name, { group }) => ({ groups: { [String(group.id)]: { requireMention: false } } }),
  };
}

export interface Asked {
  messageId: number;
  from: number;
}

/** `count` questions into the stack's group, alternately from its two members. */
export function askBurst(stack: Stack, count: number): Asked[] {
  const asked: Asked[] = [];
  for (let n = 0; n < count; n += 1) {
    const from = n % 2 === 0 ? stack.user.id : stack.stranger.id;
    const said = stack.telegram.userSays({
      from,
      chat: stack.group.id,
      text: `how do I restore a backup? (${n})`,
    });
    asked.push({ messageId: said.messageId, from });
  }
  return asked;
}

/** What became of a burst: answers per question, and the busy notices with the askers they name. */
export function burstOutcome(stack: Stack, bot: string, asked: readonly Asked[]) {
  const sent = stack.telegram.sent({ bot }).filter((m) => m.chatId === stack.group.id);
  const isNotice = (text: string) => /too many questions here/.test(text);
  const notices = sent.filter((m) => isNotice(m.text));
  const answers = new Map<number, number>();
  for (const m of sent)
    if (!isNotice(m.text) && m.replyToMessageId !== undefined)
      answers.set(m.replyToMessageId, (answers.get(m.replyToMessageId) ?? 0) + 1);
  const nameOf = (id: number) => (id === stack.user.id ? stack.user.firstName : stack.stranger.firstName);
  const told = (q: Asked) => notices.some((n) => n.text.includes(nameOf(q.from)));
  const settled = asked.filter((q) => (answers.get(q.messageId) ?? 0) > 0 || told(q));
  return { answers, notices, settled };
}

/** Updates journaled and not yet finished, by /status. */
export async function journalDepth(daemon: DaemonProcess): Promise<number> {
  const body = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
    accounts: Array<{ journalDepth: number }>;
  };
  return body.accounts.reduce((sum, a) => sum + a.journalDepth, 0);
}

/** Updates waiting in the account's backlog, by /status (0 when it shows none). */
export async function backlogWaiting(daemon: DaemonProcess): Promise<number> {
  const body = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
    accounts: Array<{ backlog?: { waiting: number } }>;
  };
  return body.accounts.reduce((sum, a) => sum + (a.backlog?.waiting ?? 0), 0);
}

/**
 * kill -9 while the busy group has a backlog, then `restart`: every question is answered once or
 * its asker told; no answer goes out twice (but for the replies the restarted daemon names as
 * possibly sent before the kill: Telegram accepted them, the journal did not hear it).
 */
export async function crashDuringBacklog(
  stack: Stack,
  bot: string,
  first: DaemonProcess,
  restart: () => Promise<DaemonProcess>,
): Promise<void> {
  const asked = askBurst(stack, 30);
  await eventually(() => burstOutcome(stack, bot, asked).answers.size >= 3, 20_000, 20);
  expect(await backlogWaiting(first)).toBeGreaterThan(0);
  first.child.kill("SIGKILL");
  await first.exited;
  // Answers were still to come: the 10 questions within the bound are not all answered yet.
  expect(burstOutcome(stack, bot, asked).answers.size).toBeLessThan(10);

  const daemon = await restart();
  const finished = async () => (await backlogWaiting(daemon)) === 0 && (await journalDepth(daemon)) === 0;
  await eventually(
    async () => burstOutcome(stack, bot, asked).answers.size >= 10 && (await finished()),
    60_000,
    100,
  );
  await new Promise((resolve) => setTimeout(resolve, 1500)); // a late duplicate would show up now
  const after = burstOutcome(stack, bot, asked);
  const replay = daemon.logLines().find((l) => l.msg === "replaying unfinished updates") as
    { ambiguous?: number[]; count?: number } | undefined;
  expect(replay?.count ?? 0).toBeGreaterThan(0);
  const twice = [...after.answers.values()].filter((n) => n > 1);
  expect(twice.length).toBeLessThanOrEqual(replay?.ambiguous?.length ?? 0);
  // Within the bound (10 questions at the group's pace), the rest turned away and told.
  expect(after.answers.size).toBeGreaterThanOrEqual(10);
  expect(after.settled).toHaveLength(asked.length);
  expect(after.notices.length).toBeGreaterThanOrEqual(1);
  expect(after.notices.length).toBeLessThanOrEqual(2 + (replay?.ambiguous?.length ?? 0));
}
