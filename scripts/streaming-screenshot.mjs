#!/usr/bin/env node
// The screenshots of docs/models.md's Streaming part: the demo with its stand-in model
// (`npm run demo -- --stand-in-model`) in Debian's Chromium (as test/e2e/demo-streaming.test.ts
// drives it), caught while an answer is written: a DM's draft with its stop button
// (docs/streaming.png), and a group's placeholder being edited (docs/streaming-group.png).
// Run after `npm run build`: `node scripts/streaming-screenshot.mjs`. It uses the tldr corpus the
// demo uses (TLDR_DIR, or ../shared/corpus/tldr) and a fresh folder it removes at the end.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startQuietDemo } from "./quiet-demo.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const dir = await mkdtemp(join(tmpdir(), "streaming-screenshot-"));
const stop = new AbortController();
const demo = await startQuietDemo(dir, stop.signal, { standInModel: true });
const browser = await chromium.launchPersistentContext(join(dir, "chromium-profile"), {
  executablePath: CHROMIUM,
  viewport: { width: 1100, height: 700 },
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(demo.webUrl);
  const ask = async (text) => {
    await page.getByTestId("text").fill(text);
    await page.getByTestId("send").click();
  };
  const draft = page.getByTestId("draft");

  await page.getByTestId("chat-dm:acme_wiki_bot").click();
  await ask("How do I start the demo?");
  await draft.waitFor({ timeout: 30_000 });
  // Some words written, the answer not yet sent: the draft with its stop button.
  await waitFor(async () => (await draft.count()) > 0 && (await draft.innerText()).split(/\s+/).length >= 30);
  await page.screenshot({ path: join(root, "docs/streaming.png") });
  await page.getByTestId("msg-bot").first().locator('a[href*="/en/"]').first().waitFor({ timeout: 60_000 });

  const info = await (await fetch(`${demo.webUrl}/demo/info`)).json();
  await page.getByTestId(`chat-group:${info.groupId}`).click();
  await ask("@acme_wiki_bot How do I declare an incident?");
  const placeholder = page.getByTestId("msg-bot").first();
  await placeholder.waitFor({ timeout: 30_000 });
  // Edited at least once, and not yet the answer (which ends with its 📖 links).
  await waitFor(async () => {
    const text = await placeholder.innerText();
    return text.split(/\s+/).length >= 24 && !text.includes("📖");
  });
  await page.screenshot({ path: join(root, "docs/streaming-group.png") });
  console.log("wrote docs/streaming.png and docs/streaming-group.png");
} finally {
  await browser.close();
  stop.abort();
  await demo.done;
  await rm(dir, { recursive: true, force: true });
}

async function waitFor(check, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("the page did not show it in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
