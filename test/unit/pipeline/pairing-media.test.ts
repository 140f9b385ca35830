import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import type { AccountPool } from "../../../src/accounts/account-pool.js";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import type { Replier } from "../../../src/core/replier.js";
import { hasQuestion } from "../../../src/policy/kept-message.js";
import { createPairingStore } from "../../../src/policy/pairing-store.js";
import { createApprovalDelivery } from "../../../src/pipeline/approval-delivery.js";
import { pairingReply } from "../../../src/pipeline/pairing-flow.js";

const APPROVED_NO_MESSAGE_TEXT = "You have been approved: this bot now answers you.";
const APPROVED_TEXT = `${APPROVED_NO_MESSAGE_TEXT} Here is the answer to the question you sent.`;
import { dm } from "../policy/fixtures.js";

const sticker = dm({ content: "media", contentKind: "sticker", text: "", args: "" });
const photo = dm({
  content: "caption",
  contentKind: "photo",
  text: "what is this error?",
  args: "what is this error?",
});

describe("a kept pairing message without text", () => {
  it("is not promised an answer", () => {
    const text = pairingReply(sticker, { kind: "created", code: "ABCDEFGH" } as never)!;
    expect(text).not.toMatch(/kept and answered/);
    expect(text).toMatch(/send your question as text/);
    expect(hasQuestion(sticker)).toBe(false);
  });

  it("a captioned photo or a text is", () => {
    expect(pairingReply(photo, { kind: "created", code: "ABCDEFGH" } as never)).toMatch(/kept and answered/);
    expect(hasQuestion(photo)).toBe(true);
    expect(hasQuestion(dm())).toBe(true);
  });
});

/** A pairing store in a fresh directory, an approval delivery around it, and what it sent. */
async function world(agentLanguage?: string) {
  const dir = await mkdtemp(join(tmpdir(), "wg-pairing-media-"));
  const pairing = createPairingStore({
    file: join(dir, "pairing.json"),
    lockFile: join(dir, "pairing.lock"),
  });
  const sent: string[] = [];
  const answered: InboundMessage[] = [];
  const replier: Replier = {
    send: async (chunks) => void sent.push(...chunks),
    answerCallback: async () => {},
    typing: () => () => {},
    acknowledge: () => () => {},
  };
  const runner = { state: () => ({ status: "polling" }), replier: () => replier };
  const pool = { get: () => runner } as unknown as AccountPool;
  const delivery = createApprovalDelivery({
    pairing,
    pool,
    pipeline: async (msg) => void answered.push(msg),
    logger: createMemoryLogger().logger,
    ...(agentLanguage ? { agentLanguage: () => agentLanguage } : {}),
  });
  return { pairing, delivery, sent, answered };
}

describe("pairing keeps only a message with a question", () => {
  it("a first message that is a sticker is not kept, and the approval promises no answer", async () => {
    const { pairing, delivery, sent, answered } = await world();
    const created = await pairing.request("main", sticker);
    expect(created.kind).toBe("created");
    expect((await pairing.list())[0]!.message).toBeUndefined();
    await pairing.approve(created.kind === "created" ? created.code : "");
    await delivery.run();
    expect(sent).toEqual([APPROVED_NO_MESSAGE_TEXT]);
    expect(answered).toEqual([]);
  });

  it("a question sent after the sticker, while pending, is the one kept and answered", async () => {
    const { pairing, delivery, sent, answered } = await world();
    const created = await pairing.request("main", sticker);
    await pairing.request("main", dm({ content: "media", contentKind: "voice", text: "", args: "" }));
    await pairing.request(
      "main",
      dm({ text: "how do I restore a backup?", args: "how do I restore a backup?" }),
    );
    await pairing.request("main", dm({ text: "and the VPN?", args: "and the VPN?" }));
    expect((await pairing.list())[0]!.message?.text).toBe("how do I restore a backup?");
    await pairing.approve(created.kind === "created" ? created.code : "");
    await delivery.run();
    expect(sent).toEqual([APPROVED_TEXT]);
    expect(answered.map((m) => m.text)).toEqual(["how do I restore a backup?"]);
  });

  it("a question first stays the kept one", async () => {
    const { pairing } = await world();
    await pairing.request("main", photo);
    await pairing.request("main", sticker);
    expect((await pairing.list())[0]!.message).toMatchObject({
      text: "what is this error?",
      content: "caption",
    });
  });
});

describe("pairing in the sender's language", () => {
  const russian = dm({
    text: "как восстановить бэкап?",
    args: "как восстановить бэкап?",
    languageCode: "ru",
  });

  it("the request's reply: Russian words, the same code and command", () => {
    const text = pairingReply(russian, { kind: "created", code: "ABCDEFGH" } as never)!;
    expect(text).toContain("Этот бот отвечает только одобренным пользователям");
    expect(text).toContain("Код запроса: <code>ABCDEFGH</code>");
    expect(text).toContain("<pre>wiki-gateway pairing approve ABCDEFGH --account main</pre>");
    expect(text).toContain("Код действует 1 час.");
  });

  it("the approval: in the kept message's language, else the agent's", async () => {
    const kept = await world("de");
    const created = await kept.pairing.request("main", russian);
    await kept.pairing.approve(created.kind === "created" ? created.code : "");
    await kept.delivery.run();
    expect(kept.sent).toEqual([
      "Доступ одобрен: теперь бот вам отвечает. Вот ответ на вопрос, который вы отправили.",
    ]);
    const none = await world("de");
    const asked = await none.pairing.request("main", { ...sticker, languageCode: "ru" });
    await none.pairing.approve(asked.kind === "created" ? asked.code : "");
    await none.delivery.run();
    expect(none.sent).toEqual(["Sie sind freigegeben: Dieser Bot antwortet Ihnen jetzt."]);
  });
});
