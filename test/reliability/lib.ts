import { appendFileSync, readFileSync } from "node:fs";
import { expect } from "vitest";
import type { SentMessage } from "../../packages/sandbox/src/telegram/index.js";
import type { DaemonProcess } from "../helpers/daemon.js";
import type { Stack } from "../helpers/stack.js";

/**
 * Shared pieces of the reliability suite: status probes, reply counting, secret scanning and the
 * one-line JSON summary every test prints (the figures of docs/reliability.md come from these).
 */
export type AccountStatus = {
  account: string;
  status: string;
  problem?: { code: string; message?: string; remedy?: string };
};

export async function statuses(url: string): Promise<Record<string, AccountStatus>> {
  const body = (await (await fetch(`${url}/status`)).json()) as { accounts: AccountStatus[] };
  return Object.fromEntries(body.accounts.map((a) => [a.account, a]));
}

export async function allPolling(url: string, accounts?: readonly string[]): Promise<boolean> {
  const s = await statuses(url);
  const names = accounts ?? Object.keys(s);
  return names.length > 0 && names.every((a) => s[a]?.status === "polling");
}

export async function isReady(url: string): Promise<boolean> {
  return (await fetch(`${url}/readyz`)).status === 200;
}

/** Replies per message id the bot replied to. */
export function repliesPerMessage(stack: Stack, bot: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const m of stack.telegram.sent({ bot })) {
    if (m.replyToMessageId !== undefined)
      counts.set(m.replyToMessageId, (counts.get(m.replyToMessageId) ?? 0) + 1);
  }
  return counts;
}

export function replyTo(stack: Stack, bot: string, messageId: number): SentMessage | undefined {
  return stack.telegram.sent({ bot }).find((m) => m.replyToMessageId === messageId);
}

/** Asks a DM question and waits for the reply to it. */
export async function ask(
  stack: Stack,
  bot: string,
  text: string,
  timeoutMs = 15_000,
  from = stack.user.id,
): Promise<SentMessage> {
  const said = stack.telegram.userSays({ from, chat: { bot }, text });
  return stack.telegram.waitForSent(
    (m) => m.bot === bot && m.chatId === from && m.replyToMessageId === said.messageId,
    timeoutMs,
  );
}

/** Every secret of a stack: bot tokens and the wiki key (the JWT) as written in its token file. */
export function stackSecrets(stack: Stack, extra: readonly string[] = []): string[] {
  const tokens = Object.values(stack.bots).map((b) => b.token);
  return [...tokens, ...extra].filter((s) => s.length > 0);
}

/** Where any of the secrets (or "Bearer") occurs in the given texts; empty when clean. */
export function findSecrets(
  texts: Record<string, string>,
  secrets: readonly string[],
): Array<{ where: string; what: string }> {
  const hits: Array<{ where: string; what: string }> = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const secret of secrets) {
      // The token's secret half alone is a leak as well.
      const parts = [secret, ...(secret.includes(":") ? [secret.split(":")[1]!] : [])];
      if (secret.split(".").length === 3) parts.push(secret.split(".")[2]!);
      for (const part of parts)
        if (part.length >= 8 && text.includes(part)) hits.push({ where, what: "secret" });
    }
    if (/bearer/i.test(text)) hits.push({ where, what: "Bearer" });
  }
  return hits;
}

/** Everything an outsider or operator can see from a run: logs, replies, /status. */
export async function observable(stack: Stack, daemons: DaemonProcess[]): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  daemons.forEach((d, i) => (texts[`daemon-${i}-logs`] = d.logs()));
  texts.replies = JSON.stringify(stack.telegram.sent());
  for (const [i, d] of daemons.entries()) {
    if (d.child.exitCode !== null || d.child.signalCode !== null) continue;
    try {
      texts[`daemon-${i}-status`] = await (await fetch(`${d.httpUrl}/status`)).text();
      texts[`daemon-${i}-metrics`] = await (await fetch(`${d.httpUrl}/metrics`)).text();
    } catch {
      // a daemon that is gone has nothing more to show
    }
  }
  return texts;
}

/** Lines that show the process broke: unhandled rejections, uncaught exceptions, stack traces. */
export function crashLines(daemon: DaemonProcess): string[] {
  return daemon
    .logs()
    .split("\n")
    .filter((l) => /unhandled ?rejection|uncaught ?exception|^\s+at .+\(.*:\d+:\d+\)$|FATAL ERROR/i.test(l));
}

/**
 * Prints the test's figures as one JSON line on stdout and appends it to
 * $RELIABILITY_SUMMARY_FILE when set (the figures of docs/reliability.md are collected from there).
 */
export function summary(test: string, figures: Record<string, unknown>): void {
  const line = JSON.stringify({ reliability: test, ...figures });
  process.stdout.write(`${line}\n`);
  const file = process.env.RELIABILITY_SUMMARY_FILE;
  if (file) appendFileSync(file, `${line}\n`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Questions from the stack's user to each bot in turn, `perBot` each; returns what was asked. */
export function sendQuestions(stack: Stack, bots: string[], perBot: number, label: string) {
  const asked: Array<{ bot: string; id: number }> = [];
  for (let i = 0; i < perBot; i++) {
    for (const bot of bots) {
      const said = stack.telegram.userSays({
        from: stack.user.id,
        chat: { bot },
        text: `${label} backup ${i}`,
      });
      asked.push({ bot, id: said.messageId });
    }
  }
  return asked;
}

export const answered = (stack: Stack, asked: Array<{ bot: string; id: number }>) =>
  asked.filter(({ bot, id }) => repliesPerMessage(stack, bot).has(id)).length;

export async function noSecrets(stack: Stack, daemons: DaemonProcess[]) {
  const hits = findSecrets(await observable(stack, daemons), stackSecrets(stack, [wikiKey(stack)]));
  expect(hits).toEqual([]);
  return hits.length;
}

export function wikiKey(stack: Stack): string {
  return stack.env.WIKI_TOKEN_FILE ? readToken(stack.env.WIKI_TOKEN_FILE) : "";
}
const readToken = (file: string) => readFileSync(file, "utf8").trim();

const MB = 1024 * 1024;

/** The daemon's resident memory, from its /metrics. */
export async function rssBytes(daemon: DaemonProcess): Promise<number> {
  const text = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
  return Number(/^wiki_gateway_process_process_resident_memory_bytes (\d+)/m.exec(text)?.[1]);
}

const blocksSince = (daemon: DaemonProcess, at: string) =>
  daemon.logLines().filter((l) => l.msg === "the event loop was blocked" && String(l.time) >= at);

/**
 * Six DMs to `bot` half a second apart while something else goes on (a hostile server): the
 * slowest answer, the event loop's blocks logged meanwhile, the resident memory grown, in MB.
 */
export async function dmPhase(daemon: DaemonProcess, s: Stack, bot: string) {
  const rssBefore = await rssBytes(daemon);
  const from = new Date().toISOString();
  const latencies: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t0 = Date.now();
    await ask(s, bot, i % 2 ? "restore the newest backup" : "onboarding laptop", 5_000);
    latencies.push(Date.now() - t0);
    await sleep(500);
  }
  return {
    dmMsMax: Math.max(...latencies),
    loopBlocks: blocksSince(daemon, from).length,
    rssGrowthMB: Math.round(((await rssBytes(daemon)) - rssBefore) / MB),
  };
}
