import { api, type DemoInfo, type Sent, type User } from "./api.js";
import { createInlinePanel } from "./inline-panel.js";
import { createLiveView, draftBubble } from "./live-drafts.js";
import { type RichBlock, renderRichMessage } from "./rich-message.js";
import { type Entity, renderMessage } from "./telegram-html.js";

/**
 * The demo's chat page: pick a user and a chat (a DM with any bot, or the group), type, and see the
 * bots' replies as Telegram would render them. Pairing codes get an "Approve" button that runs the
 * operator's approval, so the whole flow can be tried from the page. Inline buttons under a bot's
 * message (the closest pages, when the bot is unsure) can be tapped; a bot's message can be
 * reacted to with 👍 or 👎 (tap again to take the reaction back); example questions from different
 * parts of the wiki can be clicked. Typing `@bot words` in any chat lists the bot's inline
 * results; a picked one goes into that chat from the user "via @bot". A model's answer is seen
 * while it is written: a private chat shows the bot's draft ("Thinking…", then the text so far)
 * with its stop button; a group shows the placeholder as the bot edits it, gone once answered.
 */
interface Line {
  /** `dm:<user id>:<bot>` (a private chat belongs to one user) or `group:<chat id>` (shared). */
  key: string;
  mine: boolean;
  author: string;
  text: string;
  entities: Entity[];
  /** A rich message: rendered from its blocks instead of text and entities. */
  rich?: RichBlock[];
  /** A pairing code; `result` is the approval's outcome, kept here because a render rebuilds the button. */
  code?: { code: string; account: string; pending?: boolean; result?: string };
  /** Inline buttons of a bot's message, and where to tap them (the message id users see). */
  buttons?: {
    chat: number | { bot: string };
    messageId: number;
    rows: Array<{ text: string; data: string }>;
  };
  /** A bot's message: which one, so its edits replace it and its deletion removes it. */
  sent?: { bot: string; chatId: number; messageId: number };
  /** A bot's message users can react to: where it is, and each user's reaction on it. */
  reactions?: { chat: number | { bot: string }; messageId: number; byUser: Map<number, string> };
}

/** The reactions the page offers under a bot's message. */
const REACTIONS = ["👍", "👎"];

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const lines: Line[] = [];
let info: DemoInfo;
let users: User[] = [];
let bots: Array<{ username: string; account: string }> = [];
let userId = 0;
let chatKey = "";
let since = 0;
let groupTitle = "Team group";
const live = createLiveView(() => renderLines());

function chatKeys(): Array<{ key: string; label: string }> {
  return [
    ...bots.map((b) => ({ key: `dm:${b.username}`, label: `@${b.username}` })),
    { key: `group:${info.groupId}`, label: groupTitle },
  ];
}

/** The key of the chat on screen, for the current user. */
function currentKey(): string {
  return chatKey.startsWith("dm:") ? `dm:${userId}:${chatKey.slice(3)}` : chatKey;
}

/** Where a bot's message belongs: a private chat's id is its user's id. */
function keyOf(sent: Sent): string | undefined {
  if (sent.chatId === info.groupId) return `group:${info.groupId}`;
  if (users.some((u) => u.id === sent.chatId)) return `dm:${sent.chatId}:${sent.bot}`;
  return undefined;
}

function userName(id: number): string {
  return users.find((u) => u.id === id)?.firstName ?? String(id);
}

function renderChats(): void {
  const list = $("chats");
  list.replaceChildren(
    ...chatKeys().map(({ key, label }) => {
      const button = document.createElement("button");
      button.textContent = label;
      button.dataset.testid = `chat-${key}`;
      button.className = key === chatKey ? "chat active" : "chat";
      button.onclick = () => {
        chatKey = key;
        renderChats();
        renderLines();
      };
      return button;
    }),
  );
}

function renderLines(): void {
  const box = $("messages");
  const shown = lines.filter(
    (l) => l.key === currentKey() && !(l.sent && live.isDeleted(l.sent.bot, l.sent.chatId, l.sent.messageId)),
  );
  const dmBot = chatKey.startsWith("dm:") ? chatKey.slice(3) : undefined;
  const drafts = dmBot
    ? live
        .draftsIn(userId, dmBot)
        .map((d) => draftBubble(d, () => void api.stop(userId, d.bot, d.draftId).catch(() => {})))
    : [];
  box.replaceChildren(
    ...shown.map((line) => {
      const div = document.createElement("div");
      div.className = line.mine ? "msg mine" : "msg bot";
      div.dataset.testid = line.mine ? "msg-mine" : "msg-bot";
      const author = document.createElement("div");
      author.className = "author";
      author.textContent = line.author;
      const body = document.createElement("div");
      body.className = "body";
      if (line.rich) renderRichMessage(line.rich, body);
      else renderMessage(line.text, line.entities, body);
      div.append(author, body);
      if (line.code) {
        const approve = document.createElement("button");
        const pairing = line.code;
        approve.textContent = pairing.result ?? `Approve ${pairing.code} (as the operator)`;
        approve.disabled = pairing.pending === true || pairing.result !== undefined;
        approve.dataset.testid = "approve";
        approve.onclick = async () => {
          pairing.pending = true;
          renderLines();
          const result = await api
            .approve(pairing.code, pairing.account)
            .catch((e: Error) => ({ ok: false, message: e.message }));
          pairing.pending = false;
          pairing.result = result.message;
          renderLines();
        };
        div.append(approve);
      }
      if (line.buttons) div.append(keyboard(line.buttons));
      if (line.reactions && rateable(line)) div.append(reactionBar(line.reactions));
      return div;
    }),
    ...drafts,
  );
  box.scrollTop = box.scrollHeight;
  $("title").textContent = chatKeys().find((c) => c.key === chatKey)?.label ?? "";
}

/** One button per row, as Telegram shows an inline keyboard; a tap is sent as the current user. */
function keyboard(buttons: NonNullable<Line["buttons"]>): HTMLElement {
  const box = document.createElement("div");
  box.className = "keyboard";
  for (const button of buttons.rows) {
    const tap = document.createElement("button");
    tap.textContent = button.text;
    tap.dataset.testid = "inline-button";
    tap.onclick = () => {
      void api.tap(userId, buttons.chat, buttons.messageId, button.data).catch(() => {});
    };
    box.append(tap);
  }
  return box;
}

/**
 * A bot's message that has something to rate: an answer from a page (its 📖 link line, or a rich
 * answer). Not a choice list (its buttons), a pairing notice, a hint, or a group's placeholder
 * while the answer is written: the gateway counts a vote only on an answer's page.
 */
function rateable(line: Line): boolean {
  if (line.buttons || line.code) return false;
  return line.rich !== undefined || line.text.includes("📖");
}

/** 👍 and 👎 under a bot's message, as the current user: a tap sets it, a second tap removes it. */
function reactionBar(target: NonNullable<Line["reactions"]>): HTMLElement {
  const bar = document.createElement("div");
  bar.className = "reactions";
  const mine = target.byUser.get(userId);
  for (const emoji of REACTIONS) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = emoji;
    button.className = mine === emoji ? "reaction active" : "reaction";
    button.dataset.testid = "reaction";
    button.onclick = () => {
      const removing = target.byUser.get(userId) === emoji;
      if (removing) target.byUser.delete(userId);
      else target.byUser.set(userId, emoji);
      renderLines();
      void api.react(userId, target.chat, target.messageId, removing ? [] : [emoji]).catch(() => {});
    };
    bar.append(button);
  }
  return bar;
}

function buttonsOf(sent: Sent): Line["buttons"] {
  const rows = (sent.replyMarkup?.inline_keyboard ?? [])
    .flat()
    .flatMap((b) => (b.callback_data === undefined ? [] : [{ text: b.text, data: b.callback_data }]));
  if (rows.length === 0) return undefined;
  const chat = sent.chatId === info.groupId ? sent.chatId : { bot: sent.bot };
  return { chat, messageId: sent.chatMessageId ?? sent.messageId, rows };
}

function renderExamples(): void {
  $("examples").replaceChildren(
    ...info.examples.map(({ area, question }) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "example";
      button.textContent = question;
      button.title = `from the ${area}`;
      button.dataset.testid = "example";
      button.onclick = () => {
        // In the group the bot must be mentioned.
        const mention = chatKey.startsWith("group:") ? `@${bots[0]?.username ?? ""} ` : "";
        void send(`${mention}${question}`);
      };
      return button;
    }),
  );
}

async function poll(): Promise<void> {
  for (;;) {
    try {
      const batch = await api.sent(since, 20_000);
      for (const sent of batch) {
        since = Math.max(since, sent.seq);
        const key = keyOf(sent);
        if (!key) continue;
        const code = /Pairing code: ([A-Z2-9]{8})/.exec(sent.text)?.[1];
        const account = bots.find((b) => b.username === sent.bot)?.account ?? "";
        const buttons = buttonsOf(sent);
        const edited =
          sent.method === "editMessageText"
            ? lines.find(
                (l) =>
                  l.sent?.bot === sent.bot &&
                  l.sent.chatId === sent.chatId &&
                  l.sent.messageId === sent.messageId,
              )
            : undefined;
        if (edited) {
          // An edit (a group's placeholder as the answer is written): the message changes in place.
          edited.text = sent.text;
          edited.entities = (sent.entities ?? []) as Entity[];
          if (sent.rich) edited.rich = sent.rich.blocks;
          continue;
        }
        lines.push({
          sent: { bot: sent.bot, chatId: sent.chatId, messageId: sent.messageId },
          key,
          mine: false,
          author: `@${sent.bot}`,
          text: sent.text,
          entities: (sent.entities ?? []) as Entity[],
          ...(sent.rich ? { rich: sent.rich.blocks } : {}),
          ...(code ? { code: { code, account } } : {}),
          ...(buttons ? { buttons } : {}),
          reactions: {
            chat: sent.chatId === info.groupId ? sent.chatId : { bot: sent.bot },
            messageId: sent.chatMessageId ?? sent.messageId,
            byUser: new Map(),
          },
        });
      }
      if (batch.length > 0) renderLines();
    } catch {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function send(text: string): Promise<void> {
  const [kind, target] = chatKey.split(":");
  lines.push({ key: currentKey(), mine: true, author: userName(userId), text, entities: [] });
  renderLines();
  await api.say(userId, kind === "dm" ? { bot: target! } : Number(target), text);
}

/** The sidebar's hint, about the user selected: where they are let in, and how to ask. */
function renderHint(): void {
  const name = userName(userId);
  const bot = bots[0]?.username ?? "the bot";
  const access =
    userId === info.allowedUser
      ? `${name} is allowed on ${info.allowedOn.join(", ")}; on another bot ${name} gets a pairing code to approve.`
      : `${name} is allowed on no bot yet: a DM gets ${name} a pairing code to approve (as the operator).`;
  $("hint").textContent =
    `${access} In the group, mention @${bot}. ` +
    `In any chat, type @${bot} and some words to pick a page (inline mode).`;
}

async function main(): Promise<void> {
  info = await api.info();
  const state = await api.state();
  users = state.users;
  groupTitle = state.chats.find((c) => c.id === info.groupId)?.title ?? groupTitle;
  bots = info.accounts.map((a) => ({ username: a.bot, account: a.account }));
  const picker = $<HTMLSelectElement>("user");
  picker.replaceChildren(
    ...users.map((u) => {
      const option = document.createElement("option");
      option.value = String(u.id);
      option.textContent = `${u.firstName}${u.username ? ` (@${u.username})` : ""}`;
      return option;
    }),
  );
  userId = users[0]?.id ?? 0;
  picker.onchange = () => {
    userId = Number(picker.value);
    renderHint();
    renderLines();
  };
  chatKey = chatKeys()[0]!.key;
  renderChats();
  renderLines();
  renderExamples();
  const form = $<HTMLFormElement>("composer");
  const input = $<HTMLInputElement>("text");
  const inline = createInlinePanel({
    panel: $("inline"),
    bots: () => bots.map((b) => b.username),
    userId: () => userId,
    chat: () => (chatKey.startsWith("dm:") ? { bot: chatKey.slice(3) } : info.groupId),
    onPicked(bot, result) {
      input.value = "";
      lines.push({
        key: currentKey(),
        mine: true,
        author: `${userName(userId)} via @${bot}`,
        text: result.text,
        entities: result.entities as Entity[],
      });
      renderLines();
    },
    onAskAccess(bot, start) {
      input.value = "";
      chatKey = `dm:${bot}`;
      renderChats();
      renderLines();
      void send(`/start ${start}`);
    },
  });
  input.oninput = () => inline.onInput(input.value);
  form.onsubmit = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text === "") return;
    input.value = "";
    inline.clear();
    void send(text);
  };
  renderHint();
  void poll();
  live.start();
}

void main();
