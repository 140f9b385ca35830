import { describe, expect, it } from "vitest";
import { createBusyNotices, type TurnedAway } from "../../../src/accounts/busy-notices.js";
import { chatCapacity, chatPerMinute } from "../../../src/accounts/chat-pace.js";

const GROUP = -1001;
const ask = (updateId: number, asker: string, name = asker): TurnedAway => ({
  chatId: GROUP,
  updateId,
  messageId: updateId * 10,
  askerKey: asker,
  askerName: name,
});

/** Notices whose gathering ends when the test says so, and whose sending it settles. */
function world(failSends = 0, perMinute = 20) {
  const timers: Array<() => void> = [];
  const sent: Array<{ first: number; html: string }> = [];
  let failures = failSends;
  const notices = createBusyNotices({
    perMinute: () => perMinute,
    schedule: (fn) => void timers.push(fn),
    async send(first, html) {
      if (failures > 0) {
        failures -= 1;
        throw new Error("Telegram failed");
      }
      sent.push({ first: first.updateId, html });
    },
  });
  const fire = async () => {
    for (const fn of timers.splice(0)) fn();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { notices, sent, fire };
}

describe("busy notices", () => {
  it("names every asker of one gathering once, in one message replying to the first question", async () => {
    const { notices, sent, fire } = world();
    const settled: number[] = [];
    for (const [id, who] of [
      [1, "ada"],
      [2, "eve"],
      [3, "ada"],
    ] as const)
      void notices.turnAway(ask(id, who, who === "ada" ? "Ada <admin>" : "Eve")).then(() => settled.push(id));
    expect(sent).toEqual([]);
    await fire();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.first).toBe(1);
    expect(sent[0]!.html).toContain("Ada &lt;admin&gt;, Eve:");
    expect(sent[0]!.html).toContain("about 20 a minute");
    expect(settled.sort()).toEqual([1, 2, 3]);
    expect(notices.counts()).toEqual({ turnedAway: 3, notices: 1 });
  });

  it("speaks the first asker's language, with the pace's plural, and names the nameless in it", async () => {
    const { notices, sent, fire } = world(0, 5);
    const { askerName: _name, ...nameless } = ask(2, "chat");
    void notices.turnAway({ ...ask(1, "ada", "Ада"), askerLanguage: "ru-RU" });
    void notices.turnAway({ ...nameless, askerLanguage: "en" });
    await fire();
    expect(sent[0]!.html).toContain("Ада, все: здесь слишком много вопросов сразу.");
    expect(sent[0]!.html).toContain("примерно на 5 вопросов в минуту");
  });

  it("speaks English to an asker whose language has no catalogue", async () => {
    const { notices, sent, fire } = world(0, 1);
    void notices.turnAway({ ...ask(1, "ada"), askerLanguage: "pt-br" });
    await fire();
    expect(sent[0]!.html).toContain("ada: too many questions here at once.");
    expect(sent[0]!.html).toContain("about 1 a minute");
  });

  it("tells an asker once per busy spell; after the chat's backlog is gone, again", async () => {
    const { notices, sent, fire } = world();
    void notices.turnAway(ask(1, "ada"));
    await fire();
    await notices.turnAway(ask(2, "ada"));
    await fire();
    expect(sent).toHaveLength(1);
    notices.forget(String(GROUP));
    const again = notices.turnAway(ask(3, "ada"));
    await fire();
    await again;
    expect(sent).toHaveLength(2);
  });

  it("a notice Telegram refused settles its questions with the failure (they are retried), and tells nobody", async () => {
    const { notices, sent, fire } = world(1);
    const first = notices.turnAway(ask(1, "ada")).catch((error: unknown) => error);
    await fire();
    expect(await first).toMatchObject({ message: "Telegram failed" });
    const retried = notices.turnAway(ask(1, "ada"));
    await fire();
    await retried;
    expect(sent).toHaveLength(1);
  });
});

describe("chat pace", () => {
  it("counts what a chat can answer within the bound: a group 40 in 120 s, a private chat 120", () => {
    const capacity = chatCapacity(120_000);
    expect(capacity("-1001")).toBe(40);
    expect(capacity("42")).toBe(120);
    expect(chatCapacity(0)("-1001")).toBe(Infinity);
    expect(chatPerMinute("-1001")).toBe(20);
  });
});
