import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { TRANSLATED_PAGES } from "../helpers/translated-pages.js";

/** Issue 30, end to end: a wiki of several languages, questions in Russian, typed right and wrong. */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const links = (m: { entities?: unknown[] }) =>
  (m.entities ?? []).flatMap((e) =>
    (e as { type: string; url?: string }).type === "text_link" ? [(e as { url: string }).url] : [],
  );

describe("languages (daemon against both sandboxes)", () => {
  it("a Russian question finds the Russian page; Russian typed on the English layout too, and says what it searched", async () => {
    stack = await startStack({
      accounts: ["default"],
      pages: TRANSLATED_PAGES,
      config: { agents: { main: { section: "", locale: ["ru", "en"] } } },
    });
    const { telegram, bots, user } = stack;
    const bot = bots.default!.username;
    const daemon = await stack.startDaemon();
    await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);

    const asked = telegram.userSays({
      from: user.id,
      chat: { bot },
      text: "как удалить папку с содержимым?",
    });
    const answer = await telegram.waitForSent((m) => m.replyToMessageId === asked.messageId, 15_000);
    expect(answer.text).toContain("rm -r путь/к/папке");
    expect(links(answer).some((u) => u.endsWith("/ru/tools/rm"))).toBe(true);

    const wrong = telegram.userSays({ from: user.id, chat: { bot }, text: "rfr cjplfnm fh[bd" });
    const twin = await telegram.waitForSent((m) => m.replyToMessageId === wrong.messageId, 15_000);
    expect(twin.text).toContain("Showing results for «как создать архив»");
    expect(links(twin).some((u) => u.endsWith("/ru/tools/tar"))).toBe(true);

    const english = telegram.userSays({
      from: user.id,
      chat: { bot },
      text: "remove a directory and its contents",
    });
    const fromEnglish = await telegram.waitForSent((m) => m.replyToMessageId === english.messageId, 15_000);
    expect(links(fromEnglish).some((u) => u.endsWith("/en/tools/rm"))).toBe(true);
  });
});
