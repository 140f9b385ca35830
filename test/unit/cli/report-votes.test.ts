import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reportCommand } from "../../../src/cli/report.js";
import { pageVotes } from "../../../src/agents/unanswered/page-votes.js";
import type { VoteRecord } from "../../../src/state/feedback-log.js";
import { captureIo } from "../../helpers/cli.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const vote = (
  path: string,
  sign: VoteRecord["sign"],
  delta: 1 | -1 = 1,
  agent = "main",
  at = "2026-11-20T08:00:00.000Z",
): VoteRecord => ({ v: 1, at, agent, page: { path, title: path.toUpperCase() }, sign, delta });

describe("pages by votes", () => {
  it("sums cast and withdrawn votes per page and sign; lists the most negative and the most positive", () => {
    const { negative, positive } = pageVotes(
      [
        vote("a", "negative"),
        vote("a", "negative"),
        vote("a", "positive"),
        vote("b", "negative"),
        vote("b", "negative"),
        vote("b", "negative", -1),
        vote("c", "positive"),
        vote("c", "positive"),
        vote("c", "positive", 1, "ops"),
        vote("d", "positive"),
        vote("d", "positive", -1),
      ],
      10,
    );
    expect(negative.map((p) => [p.path, p.negative, p.positive])).toEqual([
      ["a", 2, 1],
      ["b", 1, 0],
    ]);
    expect(positive.map((p) => [p.path, p.positive, p.negative, p.agents])).toEqual([
      ["c", 3, 0, ["main", "ops"]],
      ["a", 1, 2, ["main"]],
    ]);
    expect(pageVotes([vote("a", "negative"), vote("b", "negative")], 1).negative).toHaveLength(1);
  });
});

describe("wiki-gateway report: votes", () => {
  function stateWithVotes(lines: string[]): string {
    dir = mkdtempSync(join(tmpdir(), "wg-report-votes-"));
    mkdirSync(join(dir, "feedback"));
    writeFileSync(join(dir, "feedback", "votes.jsonl"), `${lines.join("\n")}\n`);
    return dir;
  }
  const now = new Date().toISOString();
  const lines = [
    JSON.stringify(vote("guides/backup", "negative", 1, "main", now)),
    JSON.stringify(vote("guides/backup", "negative", 1, "main", now)),
    JSON.stringify(vote("guides/onboarding", "positive", 1, "main", now)),
    JSON.stringify(vote("ops/vpn", "positive", 1, "ops", now)),
    JSON.stringify(vote("old/page", "negative", 1, "main", "2020-01-01T00:00:00.000Z")),
    '{"v":1,"userId":123}',
  ];

  it("prints the pages with the most negative votes, then the most positive ones", async () => {
    const io = captureIo({ GATEWAY_STATE_DIR: stateWithVotes(lines) });
    expect(await reportCommand.run([], io)).toBe(0);
    const out = io.stdout();
    const negative = out.indexOf("Pages with the most negative votes");
    const positive = out.indexOf("Pages with the most positive votes");
    expect(negative).toBeGreaterThan(-1);
    expect(positive).toBeGreaterThan(negative);
    expect(out.slice(negative, positive)).toMatch(/2\s+0\s+guides\/backup\s+GUIDES\/BACKUP\s+main/);
    expect(out.slice(positive)).toMatch(/1\s+guides\/onboarding/);
    expect(out.slice(positive)).toMatch(/0\s+1\s+ops\/vpn\s+OPS\/VPN\s+ops/);
    expect(out).not.toContain("old/page");
    expect(io.stderr()).toMatch(/1 line\(s\) of .*votes\.jsonl are not vote records/);
  });

  it("filters by agent and prints the votes in --json", async () => {
    const io = captureIo({ GATEWAY_STATE_DIR: stateWithVotes(lines) });
    expect(await reportCommand.run(["--agent", "ops", "--json"], io)).toBe(0);
    const report = JSON.parse(io.stdout()) as { votes: { negative: unknown[]; positive: unknown[] } };
    expect(report.votes).toEqual({
      negative: [],
      positive: [{ path: "ops/vpn", title: "OPS/VPN", positive: 1, negative: 0, agents: ["ops"] }],
    });
  });

  it("says none were recorded when there is no feedback log", async () => {
    dir = mkdtempSync(join(tmpdir(), "wg-report-votes-"));
    const io = captureIo({ GATEWAY_STATE_DIR: dir });
    expect(await reportCommand.run([], io)).toBe(0);
    expect(io.stdout()).toMatch(/most negative votes[^\n]*\n\nnone recorded/);
  });
});
