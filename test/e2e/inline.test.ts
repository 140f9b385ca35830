import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { InlineAnswerRecord } from "../../packages/sandbox/src/telegram/index.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/** Inline mode end to end: the real daemon against both sandboxes. */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const ready = async (url: string) => (await fetch(`${url}/readyz`)).status === 200;
const metrics = async (url: string) => (await fetch(`${url}/metrics`)).text();

/** Ada (the stack's user) is in allowFrom; Eve (the stranger) is not; DMs under pairing. */
async function start(account: Record<string, unknown> = {}) {
  stack = await startStack({
    accounts: ["default"],
    account: (_name, { user }) => ({ dmPolicy: "pairing", allowFrom: [String(user.id)], ...account }),
  });
  const daemon = await stack.startDaemon();
  await eventually(() => ready(daemon.httpUrl), 20_000);
  return { stack, daemon, bot: stack.bots.default!.username };
}

async function ask(
  stack: Stack,
  from: number,
  query: string,
): Promise<{ id: string; answer: InlineAnswerRecord }> {
  const bot = stack.bots.default!.username;
  const { inlineQueryId } = stack.telegram.inlineQuery({ from, bot, query, chat: stack.group.id });
  return { id: inlineQueryId, answer: await stack.telegram.waitForInlineAnswer(inlineQueryId, 15_000) };
}

describe("inline mode (daemon against both sandboxes)", () => {
  it("an allowed user gets results, an unknown one only the access button; pairing lets them in; picks are counted", async () => {
    const { stack, daemon, bot } = await start();
    const { telegram, user, stranger } = stack;

    const allowed = await ask(stack, user.id, "restore backup");
    expect(allowed.answer.isPersonal).toBe(true);
    expect(allowed.answer.cacheTime).toBe(5);
    expect(allowed.answer.button).toBeUndefined();
    const backups = allowed.answer.results.find((r) => r.title === "Backups");
    expect(backups, JSON.stringify(allowed.answer)).toBeDefined();
    expect(backups!.text).toContain("restore --latest");
    expect(backups!.parseMode).toBe("HTML");
    expect(backups!.messageText).toContain('<a href="');

    const recent = await ask(stack, user.id, "");
    expect(recent.answer.results.map((r) => r.title).sort()).toEqual(["Backups", "Onboarding"]);

    const denied = await ask(stack, stranger.id, "restore backup");
    expect(denied.answer.results).toEqual([]);
    expect(denied.answer.button).toEqual({ text: "Ask for access", startParameter: "access" });
    // Counted before the approval below: queries asked while the approval is being picked up are
    // denied (and counted) too, so the exact count is only known here.
    expect(await metrics(daemon.httpUrl)).toContain(
      'wiki_gateway_policy_decisions_total{account="default",outcome="deny",reason="inline-not-allowed"} 1',
    );

    // The button opens the DM with "/start access": pairing starts there.
    telegram.userSays({ from: stranger.id, chat: { bot }, text: "/start access" });
    const codeMessage = await telegram.waitForSent((m) => m.bot === bot && m.chatId === stranger.id, 15_000);
    const code = /Pairing code: ([A-Z2-9]{8})/.exec(codeMessage.text)?.[1];
    expect(code, codeMessage.text).toBeDefined();
    const approved = await runCliProcess(
      ["pairing", "approve", code!, "--account", "default"],
      stack.env,
      40_000,
    );
    expect(approved.code, approved.stderr + approved.stdout).toBe(0);
    const afterApproval = await eventually(async () => {
      const { answer } = await ask(stack, stranger.id, "restore backup");
      return answer.results.length > 0 ? answer : undefined;
    }, 15_000);
    expect(afterApproval.button).toBeUndefined();

    // Ada picks the result in the group: it lands there via the bot; the pick is counted and logged.
    telegram.chooseInlineResult({
      from: user.id,
      inlineQueryId: allowed.id,
      resultId: backups!.id,
      chat: stack.group.id,
    });
    await eventually(
      async () =>
        (await metrics(daemon.httpUrl)).includes(
          'wiki_gateway_inline_chosen_total{account="default",agent="main"} 1',
        ),
      15_000,
    );
    const text = await metrics(daemon.httpUrl);
    expect(text).toMatch(
      /wiki_gateway_inline_queries_total\{account="default",agent="main",outcome="results"\} [3-9]/,
    );
    const gaps = await eventually(() => {
      const lines = readFileSync(join(stack.stateDir, "gaps", "questions.jsonl"), "utf8")
        .trim()
        .split("\n");
      const inline = lines.map((l) => JSON.parse(l)).filter((r) => r.kind === "inline");
      return inline.length > 0 ? inline : undefined;
    });
    expect(gaps).toEqual([
      expect.objectContaining({
        agent: "main",
        kind: "inline",
        question: "restore backup",
        page: { path: "guides/backup", title: "Backups" },
      }),
    ]);
    expect(JSON.stringify(gaps)).not.toContain(String(user.id));

    // A result sent into the bot's own DM is not a question: the bot does not answer it.
    const inDm = await ask(stack, user.id, "onboarding");
    const picked = telegram.chooseInlineResult({
      from: user.id,
      inlineQueryId: inDm.id,
      resultId: inDm.answer.results[0]!.id,
      chat: { bot },
    });
    expect(picked.deliveredTo).toEqual([bot]);
    const next = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    await telegram.waitForSent((m) => m.replyToMessageId === next.messageId, 15_000);
    const replies = telegram
      .sent({ bot, chatId: user.id })
      .filter((m) => m.replyToMessageId === picked.messageId);
    expect(replies).toEqual([]);
    await eventually(() => daemon.logs().includes('"reason":"sent-via-this-bot"'), 5000);
    const log = daemon.logs();
    expect(log).toContain("inline query denied");
    expect(log).not.toContain("restore backup"); // the words of a query are never logged
  });

  it("inline: false ignores inline queries, with its own reason", async () => {
    const { stack, daemon } = await start({ inline: false });
    const { answer } = await ask(stack, stack.user.id, "restore backup");
    expect(answer.results).toEqual([]);
    expect(answer.button).toBeUndefined();
    await eventually(async () =>
      (await metrics(daemon.httpUrl)).includes(
        'wiki_gateway_policy_decisions_total{account="default",outcome="deny",reason="inline-disabled"} 1',
      ),
    );
  });

  it("doctor reports inline mode per bot, and warns with the BotFather steps when it is off there", async () => {
    stack = await startStack({ accounts: ["default"] });
    type Report = { checks: Array<{ check: string; status: string; detail: string; fix?: string }> };
    const doctor = async () => {
      const result = await runCliProcess(["doctor", "--json"], stack!.env, 40_000);
      return (JSON.parse(result.stdout) as Report).checks.find((c) => c.check === "inline mode");
    };
    expect(await doctor()).toMatchObject({ status: "ok", detail: expect.stringMatching(/^on/) });
    stack.telegram.setBotInline(stack.bots.default!.username, false);
    const off = await doctor();
    expect(off).toMatchObject({ status: "warn" });
    expect(off?.fix).toMatch(/BotFather: \/setinline/);
  }, 60_000);

  it("under an allowlist, the access button's /start access tells the stranger their user id for the operator", async () => {
    const { stack, bot } = await start({ dmPolicy: "allowlist" });
    const { telegram, stranger } = stack;
    const denied = await ask(stack, stranger.id, "restore backup");
    expect(denied.answer.results).toEqual([]);
    expect(denied.answer.button?.startParameter).toBe("access");
    telegram.userSays({
      from: stranger.id,
      chat: { bot },
      text: `/start ${denied.answer.button!.startParameter}`,
    });
    const reply = await telegram.waitForSent((m) => m.bot === bot && m.chatId === stranger.id, 15_000);
    expect(reply.text).toContain(`Your user id: ${stranger.id}`);
  });
});
