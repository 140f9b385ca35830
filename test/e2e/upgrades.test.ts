import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";

/** A group upgrade outlives the daemon: the state directory keeps it (groups/upgrades.json). */

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

interface Status {
  accounts: Array<{ status: string }>;
  groupUpgrades: Array<{ account: string; oldChatId: number; newChatId: number; fix: string }>;
}
const status = async (url: string) => (await (await fetch(`${url}/status`)).json()) as Status;
const polling = async (url: string) => (await status(url)).accounts.every((a) => a.status === "polling");

describe("group upgrades across a restart (daemon against the sandboxes)", () => {
  it("answers the new supergroup with the old id's entry after a restart, until gateway.json is renamed", async () => {
    stack = await startStack({ accounts: ["default"] });
    const { telegram, user } = stack;
    const bot = stack.bots.default!.username;
    const basic = telegram.addGroup({ title: "Old", type: "group", members: [user.id], bots: [bot] });
    const config = stack.config() as { accounts: { default: { groups: Record<string, unknown> } } };
    config.accounts.default.groups = { [String(basic.id)]: { requireMention: true } };
    stack.writeConfig(config);
    const daemon = await stack.startDaemon();
    await eventually(() => polling(daemon.httpUrl), 20_000);

    // Telegram announces the upgrade once: migrate_to_chat_id in the old chat, migrate_from_chat_id in the new.
    const upgraded = telegram.upgradeGroup(basic.id);
    expect(String(upgraded.id)).toMatch(/^-100/);
    await daemon.waitForLog((l) => l.code === "group-upgraded", 10_000);
    await daemon.stop();
    const kept = JSON.parse(readFileSync(join(stack.stateDir, "groups", "upgrades.json"), "utf8")) as unknown;
    expect(kept).toMatchObject({
      v: 1,
      upgrades: [{ account: "default", oldChatId: basic.id, newChatId: upgraded.id }],
    });

    // Restarted on the same state directory: no service message comes again, only the new id writes.
    const restarted = await stack.startDaemon();
    await eventually(() => polling(restarted.httpUrl), 20_000);
    const reminder = await restarted.waitForLog((l) => l.code === "group-upgraded", 10_000);
    expect(reminder).toMatchObject({ oldChatId: basic.id, newChatId: upgraded.id, remembered: true });
    expect((await status(restarted.httpUrl)).groupUpgrades).toMatchObject([
      { account: "default", oldChatId: basic.id, newChatId: upgraded.id },
    ]);
    const asked = telegram.userSays({
      from: user.id,
      chat: upgraded.id,
      text: `@${bot} how do I restore a backup?`,
    });
    const reply = await telegram.waitForSent(
      (m) => m.bot === bot && m.chatId === upgraded.id && m.replyToMessageId === asked.messageId,
      15_000,
    );
    expect(reply.text).toMatch(/restore --latest/);
    expect(
      restarted.logLines().some((l) => l.msg === "message denied" && l.reason === "group-not-listed"),
    ).toBe(false);

    // Once gateway.json names the new id, the hint is gone.
    config.accounts.default.groups = { [String(upgraded.id)]: { requireMention: true } };
    stack.writeConfig(config);
    await eventually(async () => (await status(restarted.httpUrl)).groupUpgrades.length === 0, 10_000);
  });
});
