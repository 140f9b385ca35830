import { api, type LiveDraft } from "./api.js";
import { renderRichMessage } from "./rich-message.js";
import { type Entity, renderMessage } from "./telegram-html.js";

/**
 * What the chat page shows of answers being written: the bots' drafts on screen now (with
 * "Thinking…" before any text, and the stop button when the bot offered it), and the messages the
 * bots deleted (a group's placeholder, once its answer was sent). Polled every 300 ms; `onChange`
 * runs only when either changed.
 */
export function createLiveView(onChange: () => void) {
  let drafts: LiveDraft[] = [];
  const deleted = new Set<string>();
  let last = "";
  async function poll(): Promise<void> {
    for (;;) {
      try {
        const [live, gone] = await Promise.all([api.liveDrafts(), api.deleted()]);
        drafts = live;
        for (const d of gone) deleted.add(`${d.bot}|${d.chatId}|${d.messageId}`);
        const now = JSON.stringify([live, gone.length]);
        if (now !== last) {
          last = now;
          onChange();
        }
      } catch {
        // The sandbox restarts with the demo: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  return {
    start: () => void poll(),
    isDeleted: (bot: string, chatId: number, messageId: number) =>
      deleted.has(`${bot}|${chatId}|${messageId}`),
    /** The drafts in the private chat of `userId` with `bot`. */
    draftsIn: (userId: number, bot: string) => drafts.filter((d) => d.chatId === userId && d.bot === bot),
  };
}

/** A draft as Telegram shows it: the text so far (or "Thinking…"), and a stop button when offered. */
export function draftBubble(draft: LiveDraft, onStop: () => void): HTMLElement {
  const div = document.createElement("div");
  div.className = "msg bot draft";
  div.dataset.testid = "draft";
  const author = document.createElement("div");
  author.className = "author";
  author.textContent = `@${draft.bot} is writing…`;
  const body = document.createElement("div");
  body.className = "body";
  const thinking = draft.rich?.blocks.every((b) => b.type === "thinking") ?? draft.text === "";
  if (thinking) body.textContent = "Thinking…";
  else if (draft.rich) renderRichMessage(draft.rich.blocks, body);
  else renderMessage(draft.text, (draft.entities ?? []) as Entity[], body);
  div.append(author, body);
  if (draft.canStop && !draft.stopped) {
    const stop = document.createElement("button");
    stop.type = "button";
    stop.textContent = "■ Stop";
    stop.dataset.testid = "stop";
    stop.onclick = () => {
      stop.disabled = true;
      onStop();
    };
    div.append(stop);
  }
  return div;
}
