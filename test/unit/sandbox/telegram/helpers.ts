import {
  createTelegramSandbox,
  type TelegramSandbox,
} from "../../../../packages/sandbox/src/telegram/index.js";

/** Calls a Bot API method over HTTP with a JSON body; returns the parsed answer and status. */
export async function callApi(
  apiRoot: string,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${apiRoot}/bot${token}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: await res.json() };
}

/** A listening sandbox with one privacy bot, one user and an open private chat between them. */
export async function startSandbox(options: { now?: () => number } = {}) {
  const sandbox: TelegramSandbox = createTelegramSandbox(options);
  const apiRoot = await sandbox.listen();
  const bot = sandbox.addBot({ username: "alpha_bot", firstName: "Alpha" });
  const user = sandbox.addUser({ firstName: "Ada", username: "ada" });
  const call = (method: string, params: Record<string, unknown> = {}, token = bot.token) =>
    callApi(apiRoot, token, method, params);
  return { sandbox, apiRoot, bot, user, call };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function until(check: () => boolean, timeoutMs = 5000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
