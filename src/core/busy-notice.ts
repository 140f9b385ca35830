/**
 * What the askers of a busy chat are told when their questions came faster than Telegram lets
 * the bot answer there (docs/busy-chats.md): one message, naming each of them once. `names` are
 * plain text (escaped here); `perMinute` is the chat's pace.
 */
export function busyNotice(names: readonly string[], perMinute: number): string {
  const who = names.map(escapeText).join(", ");
  return (
    `${who}: too many questions here at once. Telegram lets me answer about ${perMinute} a minute ` +
    "in this chat, so I skipped your latest ones. Please ask again in a few minutes."
  );
}

/** Text for Telegram's HTML parse mode: the three characters it reads as markup. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
