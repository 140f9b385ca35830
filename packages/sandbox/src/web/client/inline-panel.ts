import { api, type InlineAnswer, type InlineResult } from "./api.js";

/** `@botname words`: the username and the words (Telegram asks the bot once a space follows the name). */
const INLINE = /^@([A-Za-z][A-Za-z0-9_]{2,31})\s([\s\S]*)$/;
/** Clients wait for a pause in typing before asking the bot. */
const DEBOUNCE_MS = 250;

export interface InlinePanelDeps {
  panel: HTMLElement;
  /** The demo's bots (usernames); `@other words` is left alone. */
  bots: () => string[];
  userId: () => number;
  /** Where the user types: a group id, or `{ bot }` for the private chat with that bot. */
  chat: () => number | { bot: string };
  /** A result was picked and sent into the chat from the user via the bot. */
  onPicked: (bot: string, result: InlineResult) => void;
  /** The "Ask for access" button: open the private chat with the bot and send `/start <parameter>`. */
  onAskAccess: (bot: string, startParameter: string) => void;
}

/**
 * Inline mode on the demo page: while the composer holds `@bot words`, the bot's inline results
 * are listed above it (asked through the sandbox, as Telegram asks the bot); picking one sends its
 * message into the current chat "via @bot". Answers to older keystrokes are dropped.
 */
export function createInlinePanel(deps: InlinePanelDeps): { onInput(text: string): void; clear(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;

  function clear(): void {
    asked += 1;
    if (timer) clearTimeout(timer);
    deps.panel.replaceChildren();
    deps.panel.hidden = true;
  }

  async function ask(bot: string, words: string, ticket: number): Promise<void> {
    const chat = deps.chat();
    const { inlineQueryId } = await api.inlineQuery(deps.userId(), bot, words, chat);
    const answer = await api.inlineAnswer(inlineQueryId, 5000);
    if (ticket !== asked || !answer) return;
    render(bot, inlineQueryId, answer, chat);
  }

  function render(bot: string, queryId: string, answer: InlineAnswer, chat: number | { bot: string }): void {
    const items: HTMLElement[] = [];
    if (answer.button) {
      const access = document.createElement("button");
      access.type = "button";
      access.className = "inline-access";
      access.dataset.testid = "inline-access";
      access.textContent = answer.button.text;
      const start = answer.button.startParameter;
      access.onclick = () => {
        clear();
        deps.onAskAccess(bot, start);
      };
      items.push(access);
    }
    for (const result of answer.results) {
      const item = document.createElement("button");
      item.type = "button";
      item.className = "inline-result";
      item.dataset.testid = "inline-result";
      const title = document.createElement("b");
      title.textContent = result.title;
      const line = document.createElement("small");
      line.textContent = result.description ?? "";
      item.append(title, line);
      item.onclick = async () => {
        clear();
        await api.chooseInline(deps.userId(), queryId, result.id, chat);
        deps.onPicked(bot, result);
      };
      items.push(item);
    }
    if (items.length === 0) {
      const none = document.createElement("p");
      none.className = "inline-none";
      none.textContent = `@${bot} found nothing`;
      items.push(none);
    }
    deps.panel.replaceChildren(...items);
    deps.panel.hidden = false;
  }

  return {
    onInput(text) {
      const match = INLINE.exec(text);
      const bot = match ? deps.bots().find((b) => b.toLowerCase() === match[1]!.toLowerCase()) : undefined;
      if (!match || !bot) return clear();
      if (timer) clearTimeout(timer);
      const ticket = ++asked;
      timer = setTimeout(() => void ask(bot, match[2]!, ticket).catch(() => {}), DEBOUNCE_MS);
    },
    clear,
  };
}
