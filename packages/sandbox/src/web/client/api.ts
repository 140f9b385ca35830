/** The demo page's view of the sandbox control API (proxied by the demo web server). */
export interface Bot {
  id: number;
  username: string;
  firstName: string;
  privacy: boolean;
}
export interface User {
  id: number;
  firstName: string;
  username?: string;
}
export interface Chat {
  id: number;
  type: string;
  title?: string;
}
export interface Sent {
  seq: number;
  bot: string;
  chatId: number;
  messageId: number;
  text: string;
  parseMode?: string;
  replyToMessageId?: number;
  entities?: unknown[];
  /** Basic groups: the id users see. */
  chatMessageId?: number;
  replyMarkup?: { inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>> };
}
export interface DemoInfo {
  accounts: Array<{ account: string; bot: string }>;
  allowedOn: string[];
  groupId: number;
  /** Questions to click, from different parts of the demo wiki. */
  examples: Array<{ area: string; question: string }>;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const api = {
  state: () => fetch("/__sandbox/state").then((r) => json<{ bots: Bot[]; users: User[]; chats: Chat[] }>(r)),
  info: () => fetch("/demo/info").then((r) => json<DemoInfo>(r)),
  say: (from: number, chat: number | { bot: string }, text: string) =>
    fetch("/__sandbox/say", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(typeof chat === "number" ? { from, chat, text } : { from, bot: chat.bot, text }),
    }).then((r) => json<{ messageId: number; chatId: number }>(r)),
  tap: (from: number, chat: number | { bot: string }, messageId: number, data: string) =>
    fetch("/__sandbox/tap", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        from,
        ...(typeof chat === "number" ? { chat } : { bot: chat.bot }),
        messageId,
        data,
      }),
    }).then((r) => json<{ callbackQueryId: string }>(r)),
  react: (from: number, chat: number | { bot: string }, messageId: number, emoji: string[]) =>
    fetch("/__sandbox/react", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        from,
        ...(typeof chat === "number" ? { chat } : { bot: chat.bot }),
        messageId,
        emoji,
      }),
    }).then((r) => json<{ deliveredTo: string[] }>(r)),
  sent: (since: number, waitMs: number) =>
    fetch(`/__sandbox/sent?since=${since}&wait=${waitMs}`).then((r) => json<Sent[]>(r)),
  approve: (code: string, account: string) =>
    fetch("/demo/approve", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code, account }),
    }).then((r) => json<{ ok: boolean; message: string }>(r)),
};
