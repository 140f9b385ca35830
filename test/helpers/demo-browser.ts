import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type RunningDemo, startDemo } from "../../packages/sandbox/src/demo/run-demo.js";
import type { DemoOptions } from "../../src/cli/sandbox-package.js";
import { CHROMIUM_PATH } from "./needs.js";
import { writeTinyTldr } from "./tiny-tldr.js";

/** The demo running and Chromium on its chat page. */
export interface DemoInChromium {
  demo: RunningDemo;
  browser: BrowserContext;
  page: Page;
}

/**
 * The demo and Chromium for the tests of one suite: started before them in a fresh temporary
 * folder (`prefix` names it), stopped after them and the folder removed. Call it inside the suite
 * (describeWhere), so nothing starts when the suite is not run. `started` receives the demo, the
 * browser, its page and the folder; `ready` then waits until the page shows what the suite needs.
 */
export function demoInChromiumForSuite(options: {
  prefix: string;
  /** More demo options (a stand-in model). */
  extra?: Partial<DemoOptions>;
  started: (running: DemoInChromium & { dir: string }) => void;
  ready?: (running: DemoInChromium) => Promise<void>;
}): void {
  let dir = "";
  let running: DemoInChromium | undefined;
  const stop = new AbortController();
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), options.prefix));
    running = await startDemoInChromium(dir, stop.signal, options.extra);
    options.started({ ...running, dir });
    await options.ready?.(running);
  }, 60_000);

  afterAll(async () => {
    await running?.browser.close();
    stop.abort();
    await running?.demo.done;
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 30_000);
}

/**
 * The demo in `dir` (one tldr page instead of the whole corpus, no translations) and Debian's Chromium on its chat
 * page, with a fresh profile inside `dir`. `extra`: more demo options (a stand-in model).
 */
export async function startDemoInChromium(
  dir: string,
  signal: AbortSignal,
  extra: Partial<DemoOptions> = {},
): Promise<DemoInChromium> {
  process.env.TLDR_DIR = writeTinyTldr(join(dir, "tldr-pages"));
  // No tldr translations either (a folder that does not exist): thousands of pages to index otherwise.
  process.env.TLDR_I18N_DIR = join(dir, "no-translations");
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
