import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { type RunningDemo, startDemo } from "../../packages/sandbox/src/demo/run-demo.js";
import type { DemoOptions } from "../../src/cli/sandbox-package.js";
import { CHROMIUM_PATH } from "./needs.js";
import { writeTinyTldr } from "./tiny-tldr.js";

/**
 * The demo in `dir` (one tldr page instead of the whole corpus) and Debian's Chromium on its chat
 * page, with a fresh profile inside `dir`. `extra`: more demo options (a stand-in model).
 */
export async function startDemoInChromium(
  dir: string,
  signal: AbortSignal,
  extra: Partial<DemoOptions> = {},
): Promise<{ demo: RunningDemo; browser: BrowserContext; page: Page }> {
  process.env.TLDR_DIR = writeTinyTldr(join(dir, "tldr-pages"));
  const demo = await startDemo({
    dir,
    httpPort: 0,
    webPort: 0,
    out: () => {},
    signal,
    daemonOutput: "pipe",
    logFormat: "json",
    ...extra,
  });
  const browser = await chromium.launchPersistentContext(join(dir, "chromium-profile"), {
    executablePath: CHROMIUM_PATH,
    viewport: { width: 1100, height: 760 },
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(demo.webUrl);
  return { demo, browser, page };
}
