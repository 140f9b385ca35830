import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { textLinks } from "../helpers/sent-replies.js";

/** Issue 7, end to end: questions answered from the wiki, in a DM and in a group; editors' edits. */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function ready(url: string): Promise<boolean> {
  return (await fetch(`${url}/readyz`)).status === 200;
}

describe("wiki agent (daemon against both sandboxes)", () => {
  it("answers a DM question and a group mention with the right page and a link to it", async () => {
    stack = await startStack({ accounts: ["default"] });
    const { telegram, bots, user, group } = stack;
    const bot = bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => ready(daemon.httpUrl), 20_000);

    const dm = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    const answer = await telegram.waitForSent(
      (m) => m.bot === bot && m.chatId === user.id && m.replyToMessageId === dm.messageId,
      15_000,
    );
    expect(answer.text).toContain("restore --latest");
    expect(textLinks(answer).some((u) => u.endsWith("/en/guides/backup"))).toBe(true);

    const inGroup = telegram.userSays({
      from: user.id,
      chat: group.id,
      text: `@${bot} what should I do on my first day?`,
    });
    const groupAnswer = await telegram.waitForSent(
      (m) => m.bot === bot && m.chatId === group.id && m.replyToMessageId === inGroup.messageId,
      15_000,
    );
    expect(textLinks(groupAnswer).some((u) => u.endsWith("/en/guides/onboarding"))).toBe(true);

    const nothing = telegram.userSays({
      from: user.id,
      chat: { bot },
      text: "quantum chromodynamics lattice",
    });
    const honest = await telegram.waitForSent(
      (m) => m.bot === bot && m.chatId === user.id && m.replyToMessageId === nothing.messageId,
      15_000,
    );
    expect(honest.text).toMatch(/found nothing/i);
  });

  it("shows typing… only while a slow answer is prepared", async () => {
    stack = await startStack({ accounts: ["default"] });
    const { telegram, bots, user, wiki } = stack;
    const bot = bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => ready(daemon.httpUrl), 20_000);
    const fast = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    await telegram.waitForSent((m) => m.chatId === user.id && m.replyToMessageId === fast.messageId, 15_000);
    expect(telegram.calls({ bot, method: "sendChatAction" }).length).toBe(0);
    wiki.setLatency(1500);
    const slow = telegram.userSays({ from: user.id, chat: { bot }, text: "/page guides/onboarding" });
    await telegram.waitForSent((m) => m.chatId === user.id && m.replyToMessageId === slow.messageId, 15_000);
    wiki.setLatency(0);
    expect(telegram.calls({ bot, method: "sendChatAction" }).length).toBeGreaterThanOrEqual(1);
  });

  it("lets an editor create and edit a page, and the next answer reflects it; others are refused", async () => {
    stack = await startStack({
      accounts: ["default"],
      account: (_n, { user }) => ({ allowFrom: [String(user.id), "*"] }),
      config: {},
    });
    const config = stack.config() as { agents?: Record<string, unknown> };
    config.agents = { main: { editors: [String(stack.user.id)] } };
    stack.writeConfig(config as Record<string, unknown>);
    const { telegram, bots, user, stranger } = stack;
    const bot = bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(() => ready(daemon.httpUrl), 20_000);
    const ask = async (from: number, text: string) => {
      const said = telegram.userSays({ from, chat: { bot }, text });
      return telegram.waitForSent(
        (m) => m.bot === bot && m.chatId === from && m.replyToMessageId === said.messageId,
        15_000,
      );
    };

    const created = await ask(
      user.id,
      "/new guides/coffee Coffee machine\n# Coffee machine\n\nDescale the coffee machine every Friday with the blue tablets.",
    );
    expect(created.text).toContain("Created: ");
    expect((await ask(user.id, "how do I descale the coffee machine?")).text).toContain("blue tablets");

    const edited = await ask(
      user.id,
      "/edit guides/coffee\n# Coffee machine\n\nDescale the coffee machine every Monday with the green tablets.",
    );
    expect(edited.text).toContain("Updated: ");
    const after = await ask(user.id, "how do I descale the coffee machine?");
    expect(after.text).toContain("green tablets");
    expect(after.text).not.toContain("blue tablets");

    const appended = await ask(user.id, "/append guides/coffee Never use vinegar.");
    expect(appended.text).toContain("Updated: ");

    const refused = await ask(stranger.id, "/edit guides/coffee\nvandalism");
    expect(refused.text).toMatch(/only this wiki's editors/i);
    expect((await ask(user.id, "/page guides/coffee")).text).toContain("Never use vinegar");
  });
});
