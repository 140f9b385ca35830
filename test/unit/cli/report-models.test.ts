import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reportCommand } from "../../../src/cli/report.js";
import { modelUse } from "../../../src/cli/report-models.js";
import { createModelUsageLog, type ModelUsageRecord } from "../../../src/state/model-usage-log.js";
import { captureIo } from "../../helpers/cli.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const call = (o: Partial<ModelUsageRecord>): ModelUsageRecord => ({
  v: 1,
  at: "2026-11-20T08:00:00.000Z",
  kind: "call",
  model: "local",
  agent: "main",
  account: "default",
  purpose: "rewrite",
  outcome: "ok",
  prompt: 100,
  completion: 10,
  ...o,
});

describe("model use in report", () => {
  it("sums calls, tokens and fallbacks by code per model, agent and account, most tokens first", () => {
    expect(
      modelUse([
        call({}),
        call({ purpose: "answer", prompt: 900, completion: 80 }),
        call({ outcome: "model-timeout", prompt: 0, completion: 0 }),
        call({
          kind: "discarded",
          purpose: "answer",
          outcome: "model-uncited-answer",
          prompt: 0,
          completion: 0,
        }),
        call({ account: "second", prompt: 50, completion: 5 }),
        call({ model: "hosted", agent: "tldr", prompt: 2000, completion: 300 }),
        call({ model: "hosted", agent: "tldr", outcome: "model-rate-limited", prompt: 0, completion: 0 }),
        call({ model: "hosted", agent: "tldr", outcome: "model-rate-limited", prompt: 0, completion: 0 }),
      ]),
    ).toEqual([
      {
        model: "hosted",
        agent: "tldr",
        account: "default",
        calls: 3,
        promptTokens: 2000,
        completionTokens: 300,
        fallbacks: { "model-rate-limited": 2 },
      },
      {
        model: "local",
        agent: "main",
        account: "default",
        calls: 3,
        promptTokens: 1000,
        completionTokens: 90,
        fallbacks: { "model-timeout": 1, "model-uncited-answer": 1 },
      },
      {
        model: "local",
        agent: "main",
        account: "second",
        calls: 1,
        promptTokens: 50,
        completionTokens: 5,
        fallbacks: {},
      },
    ]);
  });

  it("reads the usage log of the state directory (rotated files too) for the period and agent asked, as a table and as JSON", async () => {
    dir = mkdtempSync(join(tmpdir(), "wg-report-models-"));
    const file = join(dir, "models", "usage.jsonl");
    mkdirSync(join(dir, "models"));
    const recent = new Date(Date.now() - 3_600_000).toISOString();
    writeFileSync(`${file}.1`, `${JSON.stringify(call({ at: recent }))}\n`);
    const log = createModelUsageLog({ file });
    const entry = (o: Partial<ModelUsageRecord>) => {
      const { v: _v, at: _at, ...rest } = call(o);
      return rest;
    };
    log.append({ ...entry({}), at: new Date(Date.now() - 60_000) });
    log.append(entry({ outcome: "model-server-error", prompt: 0, completion: 0 }));
    log.append(entry({ agent: "tldr", prompt: 7, completion: 1 }));
    await log.flush();
    writeFileSync(file, `${JSON.stringify(call({ at: "2020-01-01T00:00:00.000Z" }))}\nnot json\n`, {
      flag: "a",
    });

    const io = captureIo({ GATEWAY_STATE_DIR: dir });
    expect(await reportCommand.run(["--since", "7d", "--json", "--agent", "main"], io)).toBe(0);
    expect(JSON.parse(io.stdout()).models).toEqual([
      {
        model: "local",
        agent: "main",
        account: "default",
        calls: 3,
        promptTokens: 200,
        completionTokens: 20,
        fallbacks: { "model-server-error": 1 },
      },
    ]);
    expect(io.stderr()).toMatch(/1 line\(s\) of .*usage\.jsonl are not model usage records/);

    const table = captureIo({ GATEWAY_STATE_DIR: dir });
    expect(await reportCommand.run([], table)).toBe(0);
    const section = table.stdout().slice(table.stdout().indexOf("Model use"));
    expect(section).toMatch(/local\s+main\s+default\s+3\s+200\s+20\s+model-server-error ×1/);
    expect(section).toMatch(/local\s+tldr\s+default\s+1\s+7\s+1\s+none/);
  });

  it("says none recorded without a usage log", async () => {
    dir = mkdtempSync(join(tmpdir(), "wg-report-models-"));
    const io = captureIo({ GATEWAY_STATE_DIR: dir });
    expect(await reportCommand.run([], io)).toBe(0);
    expect(io.stdout().slice(io.stdout().indexOf("Model use"))).toContain("none recorded");
  });
});
