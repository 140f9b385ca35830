import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type SentMessage, TELEGRAM_FLOOD_LIMITS } from "../../packages/sandbox/src/telegram/index.js";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { CHOICE_PAGES } from "../fixtures/choice-pages.js";

/** Choices on a weak match, and taps on them, end to end: daemon against both sandboxes. */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const buttons = (m: SentMessage) => (m.replyMarkup?.inline_keyboard ?? []).map((row) => row[0]!);
const ready = async (url: string) => (await fetch(`${url}/readyz`)).status === 200;
const metric = async (url: string, line: string) =>
  (await (await fetch(`${url}/metrics`)).text()).includes(line);

function answers(stack: Stack, bot: string) {
  return stack.telegram.calls({ bot, method: "answerCallbackQuery" }).map((c) => ({
    id: String(c.params.callback_query_id),
    text: c.params.text as string | undefined,
    status: c.status,
  }));
}

async function start(options: Parameters<typeof startStack>[0] = {}) {
  stack = await startStack({ accounts: ["default"], pages: CHOICE_PAGES, ...options });
  const daemon = await stack.startDaemon();
  await eventually(() => ready(daemon.httpUrl), 20_000);
  return { stack, daemon, bot: stack.bots.default!.username };
}

describe("choices and taps (daemon against both sandboxes)", () => {
  it("offers the closest pages as buttons; a tap answers with the page and stops the spinner; gaps are recorded", async () => {
    const { stack, daemon, bot } = await start();
    const { telegram, user } = stack;

    const asked = telegram.userSays({ from: user.id, chat: { bot }, text: "printer network" });
    const offer = await telegram.waitForSent((m) => m.replyToMessageId === asked.messageId, 15_000);
    expect(offer.text).toMatch(/^Closest pages in the wiki:/);
    expect(buttons(offer).map((b) => b.text)).toEqual(["Printers", "Office Wi-Fi", "VPN access"]);
    for (const b of buttons(offer)) expect(Buffer.byteLength(b.callback_data!)).toBeLessThanOrEqual(64);

    const wifi = buttons(offer)[1]!.callback_data!;
    const { callbackQueryId } = telegram.tap({
      from: user.id,
      chat: { bot },
      messageId: offer.messageId,
      data: wifi,
    });
    const page = await telegram.waitForSent((m) => m.replyToMessageId === offer.messageId, 15_000);
    expect(page.text).toContain("Join the network named Staff");
    expect(answers(stack, bot)).toEqual([{ id: callbackQueryId, text: undefined, status: 200 }]);

    const nothing = telegram.userSays({
      from: user.id,
      chat: { bot },
      text: "quantum chromodynamics lattice",
    });
    await telegram.waitForSent((m) => m.replyToMessageId === nothing.messageId, 15_000);
    const confident = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    const answered = await telegram.waitForSent((m) => m.replyToMessageId === confident.messageId, 15_000);
    expect(answered.replyMarkup).toBeUndefined();

    await eventually(() =>
      metric(daemon.httpUrl, 'wiki_gateway_choice_taps_total{account="default",outcome="answered"} 1'),
    );
    for (const outcome of ["answered", "choices", "nothing"]) {
      expect(
        await metric(
          daemon.httpUrl,
          `wiki_gateway_answer_confidence_total{account="default",agent="main",outcome="${outcome}"} 1`,
        ),
      ).toBe(true);
    }
    const log = await eventually(() => {
      const text = readFileSync(join(stack.stateDir, "gaps", "questions.jsonl"), "utf8");
      return text.split("\n").filter(Boolean).length === 3 ? text : undefined;
    });
    const records = log
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.map((r) => [r.kind, r.question, r.agent])).toEqual([
      ["choices", "printer network", "main"],
      ["tapped", "printer network", "main"],
      ["nothing", "quantum chromodynamics lattice", "main"],
    ]);
    expect(records[1]!.page).toEqual({ path: "it/wifi", title: "Office Wi-Fi" });
    expect(log).not.toContain(String(user.id));
    expect(log).not.toMatch(/Ada|ada/);
    // Telegram remembers allowed_updates: every poll names callback queries.
    const polls = telegram.calls({ bot, method: "getUpdates" });
    expect(polls.length).toBeGreaterThan(0);
    for (const poll of polls) expect(poll.params.allowed_updates).toContain("callback_query");
  });

  it("a tap goes through the policy: a stranger's tap is refused; forged data is refused; neither gets a page", async () => {
    const { stack, daemon, bot } = await start({
      account: (_n, { user }) => ({ groupAllowFrom: [String(user.id)] }),
    });
    const { telegram, user, stranger, group } = stack;
    const botUser = stack.bots.default!;
    const asked = telegram.userSays({ from: user.id, chat: group.id, text: `@${bot} printer network` });
    const offer = await telegram.waitForSent((m) => m.replyToMessageId === asked.messageId, 15_000);
    const data = buttons(offer)[0]!.callback_data!;
    const offerId = offer.chatMessageId ?? offer.messageId;

    const tapped = telegram.tap({ from: stranger.id, chat: group.id, messageId: offerId, data });
    await eventually(() => answers(stack, bot).find((a) => a.id === tapped.callbackQueryId));
    expect(answers(stack, bot).at(-1)!.text).toMatch(/not allowed/);
    await daemon.waitForLog((l) => l.reason === "group-sender-not-allowed" && l.senderId === stranger.id);

    // Data a client made up, data naming no offer, and an offer's data replayed in another chat.
    const forge = (id: string, chat: Record<string, unknown>, messageId: number, forged: string) =>
      telegram.injectUpdate(bot, {
        callback_query: {
          id,
          from: { id: user.id, is_bot: false, first_name: "Ada" },
          message: {
            message_id: messageId,
            from: { id: botUser.id, is_bot: true, first_name: botUser.firstName, username: bot },
            chat,
            date: Math.floor(Date.now() / 1000),
            text: "Closest pages in the wiki:",
          },
          chat_instance: "1",
          data: forged,
        },
      });
    const inGroup = { id: group.id, type: "supergroup", title: group.title };
    forge("9001", inGroup, offer.messageId, "page:../../secret");
    forge("9002", inGroup, offer.messageId, data.replace(/:\d$/, ":7"));
    forge("9003", inGroup, offer.messageId, "c:AAAAAAAAAAAA:0");
    const dm = telegram.userSays({ from: user.id, chat: { bot }, text: "hello" });
    const dmReply = await telegram.waitForSent((m) => m.replyToMessageId === dm.messageId, 15_000);
    forge("9004", { id: user.id, type: "private", first_name: "Ada" }, dmReply.messageId, data);
    await eventually(() => answers(stack, bot).filter((a) => a.id.startsWith("900")).length === 4);
    const notices = Object.fromEntries(answers(stack, bot).map((a) => [a.id, a.text]));
    expect(notices["9001"]).toMatch(/not valid/);
    expect(notices["9002"]).toMatch(/not valid/);
    expect(notices["9003"]).toMatch(/expired/);
    expect(notices["9004"]).toMatch(/not valid/);
    await new Promise((r) => setTimeout(r, 300));
    expect(telegram.sent({ bot }).filter((m) => m.replyToMessageId === offer.messageId)).toEqual([]);
    expect(
      await metric(
        daemon.httpUrl,
        'wiki_gateway_choice_taps_total{account="default",outcome="callback-forged"} 3',
      ),
    ).toBe(true);
  });

  it("stale taps are handled gracefully: a late answer still brings the page; after a restart a tap is still answered", async () => {
    const { stack, daemon, bot } = await start();
    const { telegram, user } = stack;
    const asked = telegram.userSays({ from: user.id, chat: { bot }, text: "the network is down" });
    const offer = await telegram.waitForSent((m) => m.replyToMessageId === asked.messageId, 15_000);
    const [first, second] = buttons(offer).map((b) => b.callback_data!);

    // Telegram refuses an answer given too late; the user still gets the page, once.
    telegram.faults.failNext(bot, "answerCallbackQuery", {
      code: 400,
      description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
    });
    telegram.tap({ from: user.id, chat: { bot }, messageId: offer.messageId, data: first! });
    await telegram.waitForSent((m) => m.replyToMessageId === offer.messageId, 15_000);
    await daemon.waitForLog((l) => /could not be answered: it is too old/.test(String(l.msg)));

    // The offer is saved in the state directory: the restarted daemon answers a tap on it.
    await daemon.stop();
    const restarted = await stack.startDaemon();
    await eventually(() => ready(restarted.httpUrl), 20_000);
    const late = telegram.tap({ from: user.id, chat: { bot }, messageId: offer.messageId, data: second! });
    await eventually(() =>
      answers(stack, bot).find((a) => a.id === late.callbackQueryId && a.status === 200),
    );
    expect(answers(stack, bot).at(-1)!.text).toBeUndefined();
    await eventually(
      () => telegram.sent({ bot }).filter((m) => m.replyToMessageId === offer.messageId).length === 2,
      15_000,
    );
    const pages = telegram.sent({ bot }).filter((m) => m.replyToMessageId === offer.messageId);
    expect(pages[1]!.text).not.toEqual(pages[0]!.text);
  });

  it("a tap is answered at once while its chat waits for a long paced reply; its page still comes after that reply", async () => {
    // About 26,000 characters: seven messages, which a private chat takes at about 1 a second.
    const entries = Array.from(
      { length: 40 },
      (_, n) => `Entry ${n}: ${"lorem ipsum dolor sit amet ".repeat(24)}`,
    );
    const ledger = {
      path: "misc/ledger",
      title: "Ledger",
      description: "Old ledger",
      content: `# Ledger\n\n${entries.join("\n\n")}`,
    };
    const { stack, bot } = await start({ pages: [...CHOICE_PAGES, ledger], flood: TELEGRAM_FLOOD_LIMITS });
    const { telegram, user } = stack;
    const asked = telegram.userSays({ from: user.id, chat: { bot }, text: "printer network" });
    const offer = await telegram.waitForSent((m) => m.replyToMessageId === asked.messageId, 15_000);
    const paged = telegram.userSays({ from: user.id, chat: { bot }, text: "/page misc/ledger" });
    await telegram.waitForSent((m) => m.replyToMessageId === paged.messageId, 15_000);

    const tappedAt = Date.now();
    const { callbackQueryId } = telegram.tap({
      from: user.id,
      chat: { bot },
      messageId: offer.messageId,
      data: buttons(offer)[1]!.callback_data!,
    });
    const answered = await eventually(
      () =>
        telegram
          .calls({ bot, method: "answerCallbackQuery" })
          .find((c) => c.params.callback_query_id === callbackQueryId),
      5_000,
    );
    expect(answered.status).toBe(200);
    expect(answered.at - tappedAt).toBeLessThan(2000);
    const ledgerParts = () => telegram.sent({ bot }).filter((m) => m.text.includes("lorem ipsum"));
    expect(ledgerParts().filter((m) => m.at <= answered.at).length).toBeLessThan(5);

    // The page keeps the chat's order: it comes after the last part of the reply before it.
    const page = await telegram.waitForSent((m) => m.replyToMessageId === offer.messageId, 20_000);
    expect(page.text).toContain("Join the network named Staff");
    const parts = ledgerParts();
    expect(parts.length).toBeGreaterThanOrEqual(6);
    expect(page.messageId).toBeGreaterThan(Math.max(...parts.map((m) => m.messageId)));
    expect(answers(stack, bot)).toEqual([{ id: callbackQueryId, text: undefined, status: 200 }]);
  }, 60_000);

  it("a tap on a message Telegram no longer shows the bot is answered as expired, and nothing else", async () => {
    const { stack, daemon, bot } = await start();
    const { telegram, user } = stack;
    const asked = telegram.userSays({ from: user.id, chat: { bot }, text: "printer network" });
    const offer = await telegram.waitForSent((m) => m.replyToMessageId === asked.messageId, 15_000);
    const { callbackQueryId } = telegram.tap({
      from: user.id,
      chat: { bot },
      messageId: offer.messageId,
      data: buttons(offer)[0]!.callback_data!,
      inaccessible: true,
    });
    await eventually(() => answers(stack, bot).find((a) => a.id === callbackQueryId));
    expect(answers(stack, bot)).toEqual([
      { id: callbackQueryId, text: "This choice has expired. Please ask your question again.", status: 200 },
    ]);
    await daemon.waitForLog((l) => l.reason === "unusable-callback");
    await new Promise((r) => setTimeout(r, 300));
    expect(telegram.sent({ bot }).filter((m) => m.replyToMessageId === offer.messageId)).toEqual([]);
  });
});
