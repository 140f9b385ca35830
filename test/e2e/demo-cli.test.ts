import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/cli-process.js";
import { eventually } from "../helpers/daemon.js";
import { writeTinyTldr } from "../helpers/tiny-tldr.js";

/**
 * `wiki-gateway demo` as a newcomer runs it: the daemon's log goes to <demo folder>/daemon.log, and
 * the terminal shows one line while it starts, then the banner, last. A two-page tldr folder
 * (TLDR_DIR) stands in for the corpus, and no translations (TLDR_I18N_DIR names no folder), so the
 * test does not index thousands of pages.
 */
const work = mkdtempSync(join(tmpdir(), "wg-demo-cli-"));
const NO_TRANSLATIONS = join(work, "no-translations");
const DIR = join(work, "demo");
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

/** `wiki-gateway demo` in DIR with the tldr folder `tldr`: what it prints so far, its exit. */
function runDemo(tldr: string) {
  let output = "";
  const child = spawn(process.execPath, [BIN, "demo", "--dir", DIR, "--web-port", "0", "--http-port", "0"], {
    env: { ...process.env, TLDR_DIR: writeTinyTldr(join(work, tldr)), TLDR_I18N_DIR: NO_TRANSLATIONS },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe("wiki-gateway demo in a terminal", () => {
  it("writes the daemon's log to the demo folder and prints a short banner last", async () => {
    const dir = DIR;
    const demo = runDemo("tldr-pages");
    await eventually(async () => demo.output().includes("Ctrl-C stops the demo."), 90_000);
    const log = join(dir, "daemon.log");
    // The daemon keeps logging (polling, index) after the banner: into the file, not the terminal.
    await eventually(async () => /gateway started/.test(readFileSync(log, "utf8")), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const output = demo.output();
    const lines = output.trimEnd().split("\n");
    expect(lines[0]).toBe("starting the demo: building the search index...");
    expect(lines.length).toBeLessThan(30);
    expect(lines.at(-1)).toMatch(/Ctrl-C stops the demo\.$/);
    expect(output).not.toMatch(/INFO|"level"|gateway started/);
    const banner = output.slice(output.indexOf("wiki-gateway demo is running"));
    expect(banner).toMatch(/chat page +http:\/\/127\.0\.0\.1:\d+\n/);
    expect(banner).toMatch(
      /wiki +http:\/\/127\.0\.0\.1:\d+\/en\/handbook\/index .*handbook pages.*1 tldr pages/,
    );
    expect(banner).toMatch(/gateway +http:\/\/127\.0\.0\.1:\d+\/status +http:\/\/127\.0\.0\.1:\d+\/metrics/);
    expect(banner).toMatch(/sandbox Telegram +http:\/\/127\.0\.0\.1:\d+/);
    expect(banner).toMatch(/sandbox wiki +http:\/\/127\.0\.0\.1:\d+\/graphql/);
    expect(banner).toContain(`daemon log        ${log}`);
    expect(banner.match(/^ {2}\d\. /gm)).toHaveLength(3);
    expect(banner).toContain("@devops_v2_wiki_bot");
    expect(banner).toMatch(/model +none: answers quote the wiki/);
    const logText = readFileSync(log, "utf8");
    expect(logText).toMatch(/operations endpoint listening/);
    // A file gets plain text, never colour codes (pretty logs are coloured only on a terminal).
    expect(logText).not.toContain("\u001b[");
    expect(logText.split("\n").length).toBeGreaterThan(20);

    // The addresses work: the metrics of the daemon and a handbook page of the wiki.
    const metrics = /(http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(banner)![1]!;
    expect((await fetch(metrics)).status).toBe(200);
    const wikiPage = /(http:\/\/127\.0\.0\.1:\d+\/en\/handbook\/index)/.exec(banner)![1]!;
    expect(await (await fetch(wikiPage)).text()).toMatch(/Acme team handbook/);

    demo.child.kill("SIGINT");
    expect(await demo.exited).toBe(0);
    expect(demo.output().trimEnd().split("\n").at(-1)).toBe("demo stopped (gateway exit code 0)");
  }, 120_000);

  it("a second start keeps the wiki and describes it as it is: its tldr pages counted and suggested", async () => {
    // Another tldr folder on this start: the kept wiki is not seeded again, what it holds counts.
    const demo = runDemo("other-tldr");
    await eventually(async () => demo.output().includes("Ctrl-C stops the demo."), 90_000);
    const output = demo.output();
    expect(output).toMatch(/1 tldr pages.*kept from an earlier run: delete .* to start afresh/);
    expect(output).toContain('DM @devops_v2_wiki_bot: "extract a tar.gz file"');
    expect(output).not.toMatch(/tldr pages +not in/);
    demo.child.kill("SIGINT");
    expect(await demo.exited).toBe(0);
  }, 120_000);
});
