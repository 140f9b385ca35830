import type { RichBlock } from "./rich-message.js";
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
  /** A rich message (sendRichMessage): its blocks; `text` is their plain text. */
  rich?: { blocks: RichBlock[] };
  /** sendMessage, sendRichMessage, or editMessageText (the message `messageId` changed). */
  method?: string;
}
/** A draft on the user's screen (sendMessageDraft / sendRichMessageDraft). */
export interface LiveDraft {
  bot: string;
  chatId: number;
  draftId: number;
  /** "" shows "Thinking…". */
  text: string;
  entities?: unknown[];
  rich?: { blocks: RichBlock[] };
  canStop: boolean;
  stopped?: boolean;
}
/** A message a bot deleted. */
export interface Deleted {
  bot: string;
  chatId: number;
  messageId: number;
}
/** One result of a bot's answer to an inline query, as the sandbox kept it. */
export interface InlineResult {
  id: string;
  title: string;
  description?: string;
  /** The message it sends, after entity parsing. */
  text: string;
  entities: unknown[];
}
export interface InlineAnswer {
  results: InlineResult[];
  button?: { text: string; startParameter: string };
}
export interface DemoInfo {
  accounts: Array<{ account: string; bot: string }>;
  /** The user let in on `allowedOn` (the others go through pairing). */
  allowedUser: number;
  allowedOn: string[];
  groupId: number;
  /** Questions to click, from different parts of the demo wiki. */
  examples: Array<{ area: string; question: string }>;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** POSTs a JSON body and reads the JSON answer (an error for a non-2xx status). */
const post = <T>(path: string, body: unknown): Promise<T> =>
  fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then((r) => json<T>(r));

/** A chat as the control API takes it: `chat` for a group, `bot` for the private chat with it. */
const where = (chat: number | { bot: string }) => (typeof chat === "number" ? { chat } : { bot: chat.bot });

export const api = {
  state: () => fetch("/__sandbox/state").then((r) => json<{ bots: Bot[]; users: User[]; chats: Chat[] }>(r)),
  info: () => fetch("/demo/info").then((r) => json<DemoInfo>(r)),
  say: (from: number, chat: number | { bot: string }, text: string) =>
    post<{ messageId: number; chatId: number }>("/__sandbox/say", { from, ...where(chat), text }),
  tap: (from: number, chat: number | { bot: string }, messageId: number, data: string) =>
    post<{ callbackQueryId: string }>("/__sandbox/tap", { from, ...where(chat), messageId, data }),
  react: (from: number, chat: number | { bot: string }, messageId: number, emoji: string[]) =>
    post<{ deliveredTo: string[] }>("/__sandbox/react", { from, ...where(chat), messageId, emoji }),
  /** The user types `@bot query` in a chat: the bot gets an inline query; its answer comes with `inlineAnswer`. */
  inlineQuery: (from: number, bot: string, query: string, chat: number | { bot: string }) =>
    post<{ inlineQueryId: string }>("/__sandbox/inline", {
      from,
      bot,
      query,
      ...(typeof chat === "number" ? { chat } : { in: chat.bot }),
    }),
  inlineAnswer: (id: string, waitMs: number) =>
    fetch(`/__sandbox/inline?id=${encodeURIComponent(id)}&wait=${waitMs}`).then((r) =>
      json<InlineAnswer | null>(r),
    ),
  chooseInline: (from: number, inlineQueryId: string, resultId: string, chat: number | { bot: string }) =>
    post<{ messageId: number }>("/__sandbox/inline/choose", {
      from,
      inlineQueryId,
      resultId,
      ...where(chat),
    }),
  liveDrafts: () => fetch("/__sandbox/drafts?live=1").then((r) => json<LiveDraft[]>(r)),
  deleted: () => fetch("/__sandbox/deleted").then((r) => json<Deleted[]>(r)),
  /** The user presses a draft's stop button. */
  stop: (from: number, bot: string, draftId: number) =>
    post<{ draftId: number }>("/__sandbox/stop", { from, bot, draftId }),
  sent: (since: number, waitMs: number) =>
    fetch(`/__sandbox/sent?since=${since}&wait=${waitMs}`).then((r) => json<Sent[]>(r)),
  approve: (code: string, account: string) =>
    post<{ ok: boolean; message: string }>("/demo/approve", { code, account }),
};
