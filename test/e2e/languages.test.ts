import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { TRANSLATED_PAGES } from "../helpers/translated-pages.js";
import type { SeedPage } from "../../packages/sandbox/src/memory-wiki.js";
import { dmReply, textLinks } from "../helpers/sent-replies.js";

/** Issue 30, end to end: a wiki of several languages, questions in Russian, typed right and wrong. */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

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
    expect(textLinks(answer).some((u) => u.endsWith("/ru/tools/rm"))).toBe(true);

    const wrong = telegram.userSays({ from: user.id, chat: { bot }, text: "rfr cjplfnm fh[bd" });
    const twin = await telegram.waitForSent((m) => m.replyToMessageId === wrong.messageId, 15_000);
    expect(twin.text).toContain("Showing results for «как создать архив»");
    expect(textLinks(twin).some((u) => u.endsWith("/ru/tools/tar"))).toBe(true);

    const english = telegram.userSays({
      from: user.id,
      chat: { bot },
      text: "remove a directory and its contents",
    });
    const fromEnglish = await telegram.waitForSent((m) => m.replyToMessageId === english.messageId, 15_000);
    expect(textLinks(fromEnglish).some((u) => u.endsWith("/en/tools/rm"))).toBe(true);
  });

  it("an agent of two locales answers each user from the pages of their language, and notes a page in another", async () => {
    const htop: SeedPage = {
      path: "tools/htop",
      locale: "en",
      title: "htop",
      description: "Display dynamic real-time information about running processes.",
      content: "# htop\n\n- Start htop sorted by CPU:\n\n`htop --sort-key PERCENT_CPU`\n",
    };
    stack = await startStack({
      accounts: ["default"],
      account: () => ({ dmPolicy: "open" }),
      pages: [...TRANSLATED_PAGES, htop],
      config: { agents: { main: { section: "", locale: ["ru", "en"] } } },
    });
    const { telegram, bots } = stack;
    const bot = bots.default!.username;
    const vera = telegram.addUser({ firstName: "Вера", languageCode: "ru" });
    const ada = telegram.addUser({ firstName: "Ada", languageCode: "en-GB" });
    const daemon = await stack.startDaemon();
    await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);
    const ask = (from: number, text: string) => dmReply(telegram, bot, from, text);

    // The same question: each user gets the page of their language, with no note.
    const inRussian = await ask(vera.id, "curl");
    expect(textLinks(inRussian).some((u) => u.endsWith("/ru/tools/curl"))).toBe(true);
    expect(inRussian.text).not.toContain("другом языке");
    const inEnglish = await ask(ada.id, "curl");
    expect(textLinks(inEnglish).some((u) => u.endsWith("/en/tools/curl"))).toBe(true);
    expect(inEnglish.text).not.toContain("This page is in");

    // A page only in English: the Russian user gets it, told in Russian that it is in English.
    const onlyEnglish = await ask(vera.id, "htop");
    expect(textLinks(onlyEnglish).some((u) => u.endsWith("/en/tools/htop"))).toBe(true);
    expect(onlyEnglish.text).toContain("Эта страница на другом языке: английский.");

    // /page looks in the asker's language first.
    expect((await ask(vera.id, "/page tools/tar")).text).toContain("Утилита архивирования");
    expect((await ask(ada.id, "/page tools/tar")).text).toContain("Archiving utility");
    const htopPage = (await ask(vera.id, "/page tools/htop")).text;
    expect(htopPage).toContain("Эта страница на другом языке: английский.");
  });
});
