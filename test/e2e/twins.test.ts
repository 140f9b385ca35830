import { afterEach, describe, expect, it } from "vitest";
import { projectDocsAsPages } from "../../packages/sandbox/src/demo/demo-docs.js";
import { readHandbookPages } from "../../packages/sandbox/src/handbook.js";
import { projectRoot } from "../../packages/sandbox/src/project-root.js";
import { eventually } from "../helpers/daemon.js";
import { type Stack, startStack } from "../helpers/stack.js";
import { dmReply, textLinks } from "../helpers/sent-replies.js";

/**
 * Keyboard twins on the demo's wiki (the team handbook and the project's docs, all English), asked
 * of an English agent as the demo's: a correct Russian question is never read as its twin, it is
 * told that no page is in Russian; English typed on the Russian layout is still read as meant.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe("keyboard twins on the demo's wiki (daemon against both sandboxes)", () => {
  it("a correct Russian question gets the honest note, a slip is read as meant", async () => {
    const handbook = (await readHandbookPages({ edgeCases: false })).map(({ file: _file, ...page }) => page);
    stack = await startStack({
      accounts: ["default"],
      account: () => ({ dmPolicy: "open" }),
      pages: [...handbook, ...(await projectDocsAsPages(projectRoot()))],
      config: { agents: { main: { section: "" } } },
    });
    const { telegram, bots } = stack;
    const bot = bots.default!.username;
    const ada = telegram.addUser({ firstName: "Ada", languageCode: "en" });
    const vera = telegram.addUser({ firstName: "Вера", languageCode: "ru" });
    const daemon = await stack.startDaemon();
    await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 30_000);
    const ask = (from: number, text: string) => dmReply(telegram, bot, from, text);

    const honest = await ask(ada.id, "как взять отпуск?");
    expect(honest.text).not.toContain("Showing results for");
    expect(honest.text).toContain("No page here is in Russian: try asking in English.");
    const inRussian = await ask(vera.id, "как взять отпуск?");
    expect(inRussian.text).toContain("Здесь нет страниц на этом языке (русский)");

    const slip = await ask(ada.id, "рщц ьфтн мфсфешщт вфны вщ ш пуе");
    expect(slip.text).toContain("Showing results for «how many vacation days do i get»");
    expect(textLinks(slip).some((u) => u.endsWith("/en/handbook/people/holidays"))).toBe(true);
  }, 90_000);
});
