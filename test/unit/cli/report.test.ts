import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseSince, reportCommand } from "../../../src/cli/report.js";
import {
  groupUnanswered,
  normaliseQuestion,
  pagePicks,
  similarity,
} from "../../../src/agents/unanswered/question-groups.js";
import type { GapRecord } from "../../../src/state/gap-log.js";
import { UsageError } from "../../../src/cli/command.js";
import { runCli } from "../../../src/cli/run-cli.js";
import { captureIo } from "../../helpers/cli.js";

const FIXTURE = join(import.meta.dirname, "../../fixtures/gap-log");
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A state directory holding the recorded gap log (a live file and one rotated file). */
function stateWithRecordedLog(): string {
  dir = mkdtempSync(join(tmpdir(), "wg-report-"));
  cpSync(FIXTURE, join(dir, "gaps"), { recursive: true });
  return dir;
}

const record = (
  question: string,
  kind: GapRecord["kind"] = "nothing",
  at = "2026-11-20T08:00:00.000Z",
): GapRecord => ({
  v: 1,
  at,
  agent: "main",
  kind,
  question,
});

describe("grouping near-duplicate questions", () => {
  it("normalises case, accents and punctuation", () => {
    expect(normaliseQuestion("  How do I undo the last Git commit??? ")).toBe(
      "how do i undo the last git commit",
    );
    expect(normaliseQuestion("Café — crème")).toBe("cafe creme");
  });

  it("token-set similarity ignores order and stop words, and keeps different questions apart", () => {
    const groups = groupUnanswered([
      record("how do I undo the last git commit"),
      record("undo last commit in git?"),
      record("How do I undo the last Git commit!"),
      record("reset my vpn password"),
      record("vpn password reset", "choices"),
      record("printer network"),
    ]);
    expect(groups.map((g) => [g.question, g.count, g.variants])).toEqual([
      ["how do I undo the last git commit", 3, ["undo last commit in git?"]],
      ["reset my vpn password", 2, ["vpn password reset"]],
      ["printer network", 1, []],
    ]);
    expect(groups[1]).toMatchObject({ nothing: 1, choices: 1 });
    expect(similarity(new Set(["a", "b"]), new Set(["c"]))).toBe(0);
  });

  it("counts the pages picked from choices, with the questions that led there", () => {
    const tapped = (question: string, path: string): GapRecord => ({
      ...record(question, "tapped"),
      page: { path, title: path },
    });
    expect(pagePicks([tapped("a", "x"), tapped("b", "y"), tapped("b", "y"), tapped("c", "y")])).toEqual([
      { path: "y", title: "y", taps: 3, questions: ["b", "c"] },
      { path: "x", title: "x", taps: 1, questions: ["a"] },
    ]);
    // Inline picks are counted apart: a tap is not an inline pick, nor the other way round.
    const inline = (question: string, path: string): GapRecord => ({
      ...record(question, "inline"),
      page: { path, title: path },
    });
    expect(pagePicks([tapped("a", "x"), inline("b", "y")], "inline")).toEqual([
      { path: "y", title: "y", taps: 1, questions: ["b"] },
    ]);
    expect(pagePicks([inline("b", "y")])).toEqual([]);
  });
});

describe("wiki-gateway report (on a recorded gap log)", () => {
  it("prints the most often unanswered questions grouped, and the pages picked", async () => {
    const io = captureIo({ GATEWAY_STATE_DIR: stateWithRecordedLog() });
    expect(await reportCommand.run(["--since", "5200w"], io)).toBe(0);
    const out = io.stdout();
    const lines = out.split("\n");
    const undo = lines.findIndex((l) => l.includes("How do I undo the last git commit?"));
    expect(lines[undo]).toMatch(/^4\s+3\s+1\s+How do I undo/);
    expect(lines[undo + 1]).toContain("≈ undo last commit in git?");
    expect(lines.find((l) => l.includes("reset my vpn password"))).toMatch(
      /^2\s+2\s+0\s+reset my vpn password\s+main,ops/,
    );
    expect(out).toMatch(/2\s+it\/printers\s+Printers\s+printer network \| the network is down/);
    expect(out).toMatch(/1\s+tldr\/git-reset\s+git reset/);
    // Inline picks have a section of their own and never count as unanswered questions.
    const inlineSection = out.slice(out.indexOf("Pages picked from inline results"));
    expect(inlineSection).toMatch(/2\s+guides\/backup\s+Backups\s+restore backup \| backup/);
    expect(out.slice(0, out.indexOf("Pages picked from choices"))).not.toContain("restore backup");
    // A line that is not a gap record (an extra field, or not JSON) is skipped and counted.
    expect(out).not.toContain("12345");
    expect(io.stderr()).toMatch(/^2 line\(s\) of .*questions\.jsonl are not gap records/);
  });

  it("filters by agent and by time, and prints JSON", async () => {
    const io = captureIo({ GATEWAY_STATE_DIR: stateWithRecordedLog() });
    expect(await reportCommand.run(["--agent", "ops", "--since", "5200w", "--json"], io)).toBe(0);
    const report = JSON.parse(io.stdout()) as {
      unanswered: Array<{ question: string; count: number }>;
      picked: unknown[];
    };
    expect(report.unanswered).toEqual([
      expect.objectContaining({ question: "reset my vpn password", count: 1, agents: ["ops"] }),
    ]);
    expect(report.picked).toEqual([]);
    const recent = captureIo({ GATEWAY_STATE_DIR: dir! });
    await reportCommand.run(["--since", "1h", "--json"], recent);
    expect(JSON.parse(recent.stdout()).unanswered).toEqual([]);
  });

  it("refuses a duration it cannot read, saying how to write one", async () => {
    expect(parseSince("7d")).toBe(7 * 86_400_000);
    expect(parseSince("2w")).toBe(14 * 86_400_000);
    expect(() => parseSince("7 days")).toThrow(/write a number and m, h, d or w, such as 7d/);
    expect(() => parseSince("0d")).toThrow(/not a duration/);
    const io = captureIo({ GATEWAY_STATE_DIR: stateWithRecordedLog() });
    await expect(reportCommand.run(["--since", "yesterday"], io)).rejects.toThrow(/--since "yesterday"/);
    for (const since of ["99999999999999999999d", "1000000000w", "36501d"]) {
      const error = await reportCommand.run(["--since", since], io).catch((e: unknown) => e);
      expect(error, since).toBeInstanceOf(UsageError);
      expect(String(error), since).toContain(`--since "${since}" is too long: give from 1m to 36500d`);
    }
    expect(parseSince("5200w")).toBe(5200 * 604_800_000);
  });
});

describe('report refuses what would print a false "none recorded"', () => {
  it("a state directory that does not exist: exit 2, naming it and the setting", async () => {
    const io = captureIo({
      GATEWAY_STATE_DIR: "/nonexistent/wg-state",
      GATEWAY_CONFIG: "/nonexistent/g.json",
    });
    expect(await runCli(["report"], io)).toBe(2);
    expect(io.stderr()).toContain("the state directory /nonexistent/wg-state does not exist");
    expect(io.stderr()).toContain("--state-dir (or GATEWAY_STATE_DIR)");
    expect(io.stdout()).toBe("");
  });

  it("an --agent neither configured nor recorded: exit 2, with the known ones", async () => {
    const state = stateWithRecordedLog();
    const io = captureIo({ GATEWAY_STATE_DIR: state, GATEWAY_CONFIG: join(state, "none.json") });
    expect(await runCli(["report", "--agent", "opps", "--since", "5200w"], io)).toBe(2);
    expect(io.stderr()).toMatch(/no agent "opps" is configured in .* or recorded .*\(known: .*ops/);
    expect(io.stdout()).toBe("");
  });

  it("an --agent of gateway.json that recorded nothing yet is fine", async () => {
    const state = stateWithRecordedLog();
    const config = join(state, "gateway.json");
    writeFileSync(
      config,
      JSON.stringify({
        defaultAccount: "default",
        accounts: { default: { botToken: `123456:${"a".repeat(35)}` } },
        bindings: [{ agentId: "quiet", match: { channel: "telegram", accountId: "default" } }],
      }),
    );
    const io = captureIo({ GATEWAY_STATE_DIR: state, GATEWAY_CONFIG: config });
    expect(await runCli(["report", "--agent", "quiet"], io)).toBe(0);
    expect(io.stdout()).toContain("none recorded");
  });
});
