import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { RunningDemo } from "../../packages/sandbox/src/demo/run-demo.js";
import { demoInChromiumForSuite } from "../helpers/demo-browser.js";
import { describeWhere } from "../helpers/needs.js";

/**
 * Issue 29, done-when "streaming is seen in the demo's chat page": the demo with its stand-in
 * model (`--stand-in-model`, a word every 150 ms) in Debian's Chromium. A DM shows the bot's draft
 * growing with its stop button, then the answer; a stop keeps what was written; the group shows
 * the placeholder as it is edited, then the answer in its place.
 */
const WIKI_LINK = 'a[href^="http://127.0.0.1:"][href*="/en/"]';
let demo: RunningDemo | undefined;
let page: Page;
let dir = "";

describeWhere("chromium", "the demo chat page shows model answers while they are written", () => {
  demoInChromiumForSuite({
    prefix: "demo-streaming-",
    extra: { standInModel: true },
    started: (running) => ({ demo, page, dir } = running),
    ready: () => page.getByTestId("chat-dm:acme_wiki_bot").waitFor(),
  });

  async function ask(text: string): Promise<void> {
    await page.getByTestId("text").fill(text);
    await page.getByTestId("send").click();
  }
  const draft = () => page.getByTestId("draft");
  const botMessages = () => page.getByTestId("msg-bot");

  it("a DM shows the draft growing with its stop button, then the answer with its link", async () => {
    await page.getByTestId("chat-dm:acme_wiki_bot").click();
    await ask("How do I start the demo?");
    await draft().waitFor({ timeout: 15_000 });
    expect(await draft().getByTestId("stop").count()).toBe(1);
    const first = await draft().innerText();
    await expect
      .poll(async () => ((await draft().count()) > 0 ? await draft().innerText() : "gone"))
      .not.toBe(first);
    await page.screenshot({ path: join(dir, "draft.png") });
    await botMessages().first().locator(WIKI_LINK).first().waitFor({ timeout: 20_000 });
    // Written as a good model writes: sentences of the wiki, each citation at a sentence's end, no stray quote mark.
    const written = (await botMessages().first().innerText()).split("📖")[0]!.trim();
    expect(written).toMatch(/\[\d\][.!?…]$/);
    expect(written).not.toMatch(/(^|\s)>/);
    await expect.poll(() => draft().count(), { timeout: 2_000 }).toBe(0);
  }, 45_000);

  it("Stop ends the draft and the answer keeps what was written", async () => {
    // Two sentences of the handbook, each cited at its end: stopped during the second, the first is kept.
    await ask("What should I do with a phishing email?");
    await expect
      .poll(async () => ((await draft().count()) > 0 ? await draft().innerText() : ""), { timeout: 15_000 })
      .toMatch(/\[\d\]/);
    await draft().getByTestId("stop").click();
    await expect.poll(() => botMessages().count(), { timeout: 15_000 }).toBe(2);
    const answer = await botMessages().nth(1).innerText();
    expect(answer).toMatch(/Phishing e-mails pretend to come from .* \[\d\]\./);
    expect(answer).not.toMatch(/before you click \[\d\]\./);
    await expect.poll(() => draft().count(), { timeout: 2_000 }).toBe(0);
  }, 45_000);

  it("the group shows the placeholder as it is edited, then the answer in its place", async () => {
    const info = (await (await fetch(`${demo!.webUrl}/demo/info`)).json()) as { groupId: number };
    await page.getByTestId(`chat-group:${info.groupId}`).click();
    await ask("@acme_wiki_bot How do I declare an incident?");
    await botMessages().first().waitFor({ timeout: 15_000 });
    const placeholder = await botMessages().first().innerText();
    expect(placeholder).not.toMatch(/📖/);
    await expect.poll(() => botMessages().first().innerText(), { timeout: 10_000 }).not.toBe(placeholder);
    await botMessages().first().locator(WIKI_LINK).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => botMessages().count(), { timeout: 5_000 }).toBe(1);
  }, 45_000);
});
