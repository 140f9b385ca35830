import { afterEach, describe, expect, it } from "vitest";
import { diagnoseAccount } from "../../../src/accounts/diagnose-account.js";
import type { TelegramSandbox } from "../../../packages/sandbox/src/telegram/index.js";
import { startSandbox } from "../sandbox/telegram/helpers.js";
import { account } from "../policy/fixtures.js";

let sandbox: TelegramSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe("doctor: reactions need the bot to be a group administrator", () => {
  it("warns for a group where the bot is a member only, with the fix; ok where it is an administrator", async () => {
    const started = await startSandbox();
    sandbox = started.sandbox;
    const { user, bot, apiRoot } = started;
    const member = sandbox.addGroup({ title: "Team", members: [user.id], bots: ["alpha_bot"] });
    const admin = sandbox.addGroup({ title: "Ops", members: [user.id], admins: ["alpha_bot"] });
    const checks = await diagnoseAccount({
      account: "default",
      config: account({ groups: { [member.id]: {}, [admin.id]: {}, "*": {} } }),
      token: bot.token,
      apiRoot,
      fix: false,
    });
    const reactions = checks.filter((c) => c.check.startsWith("reactions in group"));
    expect(reactions).toHaveLength(2);
    expect(reactions.find((c) => c.check === `reactions in group ${member.id}`)).toMatchObject({
      status: "warn",
      detail: expect.stringMatching(/@alpha_bot is not an administrator \(member\).*no reactions/),
      fix: expect.stringMatching(new RegExp(`make @alpha_bot an administrator of group ${member.id}`)),
    });
    expect(reactions.find((c) => c.check === `reactions in group ${admin.id}`)).toMatchObject({
      status: "ok",
      detail: "@alpha_bot is an administrator: reactions arrive",
    });
    // A warning: doctor still passes.
    expect(checks.filter((c) => c.status === "fail")).toEqual([]);
  });
});
