import { eventually } from "./daemon.js";
import type { Stack, StackOptions } from "./stack.js";

/** One account whose DMs are answered only after pairing (nobody in allowFrom). */
export const PAIRING_STACK: StackOptions = {
  accounts: ["default"],
  account: () => ({ dmPolicy: "pairing", allowFrom: [] }),
};

/**
 * Starts the daemon on a pairing stack, waits until it polls, lets `from` write to the bot, and
 * returns the message sent, the bot's pairing reply and the code in it.
 */
export async function requestPairingCode(stack: Stack, from: number, text: string) {
  const bot = stack.bots.default!.username;
  const daemon = await stack.startDaemon();
  await eventually(async () => {
    const body = (await (await fetch(`${daemon.httpUrl}/status`)).json()) as {
      accounts: Array<{ status: string }>;
    };
    return body.accounts.every((a) => a.status === "polling");
  }, 20_000);
  const said = stack.telegram.userSays({ from, chat: { bot }, text });
  const codeMessage = await stack.telegram.waitForSent((m) => m.bot === bot && m.chatId === from, 15_000);
  const code = /Pairing code: ([A-Z2-9]{8})/.exec(codeMessage.text)?.[1];
  if (!code) throw new Error(`no pairing code in the bot's reply: ${codeMessage.text}`);
  return { daemon, bot, said, codeMessage, code };
}
