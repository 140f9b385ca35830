import { expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { type DaemonProcess, eventually } from "../helpers/daemon.js";
import { replicaEnv, useClusterStack } from "../helpers/cluster-stack.js";
import { describeWhere } from "../helpers/needs.js";

const ACCOUNTS = ["support", "sales"];

const startClusterStack = useClusterStack();

async function polled(daemon: DaemonProcess): Promise<string[]> {
  const body = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
    accounts: Array<{ account: string; status: string }>;
  };
  return body.accounts.filter((a) => a.status === "polling").map((a) => a.account);
}

describeWhere("redis", "pairing in cluster mode", () => {
  it("an approval given on one replica's CLI is delivered by the replica that owns the account", async () => {
    const { stack: s, redis: r } = await startClusterStack({
      accounts: ACCOUNTS,
      account: () => ({ dmPolicy: "pairing", allowFrom: [] }),
    });
    const envOf = (id: string) => ({ ...s.env, ...replicaEnv(s, r, id) });
    const replicas = [
      { id: "gw-1", daemon: await s.startDaemon({ env: envOf("gw-1") }) },
      { id: "gw-2", daemon: await s.startDaemon({ env: envOf("gw-2") }) },
    ];
    await eventually(async () => {
      const [a, b] = await Promise.all(replicas.map((r) => polled(r.daemon)));
      return a!.length === 1 && b!.length === 1;
    }, 30_000);
    const owner = (await polled(replicas[0]!.daemon)).includes("support") ? replicas[0]! : replicas[1]!;
    const other = owner === replicas[0] ? replicas[1]! : replicas[0]!;

    const bot = s.bots.support!.username;
    const first = s.telegram.userSays({ from: s.user.id, chat: { bot }, text: "how do I restore a backup?" });
    const codeMessage = await s.telegram.waitForSent((m) => m.bot === bot && m.chatId === s.user.id, 15_000);
    const code = /Pairing code: ([A-Z2-9]{8})/.exec(codeMessage.text)?.[1];
    expect(code).toBeDefined();

    // The CLI of the replica that does not poll this bot, against the same Redis.
    const approved = await runCliProcess(
      ["pairing", "approve", code!, "--account", "support", "--notify"],
      envOf(other.id),
      40_000,
    );
    expect(approved.code, approved.stderr + approved.stdout).toBe(0);
    const answer = await s.telegram.waitForSent(
      (m) => m.bot === bot && m.replyToMessageId === first.messageId && m.seq !== codeMessage.seq,
      15_000,
    );
    expect(answer.text).toMatch(/restore --latest/i);
    const notices = s.telegram
      .sent({ bot })
      .filter((m) => m.seq !== codeMessage.seq && /approved/i.test(m.text));
    expect(notices.map((m) => m.text)).toHaveLength(1);
    // Sent by the owner: only it has the bot's runner; the other replica's log shows no delivery.
    expect(owner.daemon.logs()).toMatch(/"msg":"approval delivered"/);
    expect(other.daemon.logs()).not.toMatch(/"msg":"approval delivered"/);
    expect(s.telegram.calls({ method: "getUpdates" }).filter((c) => c.status === 409)).toEqual([]);
  }, 60_000);
});
