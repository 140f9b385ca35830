import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type Timed, timed } from "./ask.js";
import { BIN, rssMb, stopProcess } from "./lib/processes.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";
import { createWorld, startGateway } from "./lib/world.js";

/** A question in English and one in Russian, asked of an agent that answers from every locale. */
const QUESTIONS = ["how do I list docker containers", "как распаковать tar.gz архив"];

/** One wiki: the daemon's idle RSS with its index loaded (a start per run), then `ask` on its saved index. */
async function measure(translations: boolean, runs: number, port: number) {
  const world = await createWorld({ accounts: 1, translations, locale: "*" });
  const stateDir = mkdtempSync(join(tmpdir(), "wg-languages-"));
  try {
    const idle: number[] = [];
    for (let run = 0; run < runs; run++) {
      const gw = await startGateway(world, stateDir, port);
      await new Promise((r) => setTimeout(r, 1000));
      idle.push(rssMb(gw.child.pid));
      await stopProcess(gw.child); // saves the index: `ask` reads it
    }
    const env = { ...process.env, ...world.env, GATEWAY_STATE_DIR: stateDir, LOG_LEVEL: "warn" };
    const asks = QUESTIONS.map(() => [] as Timed[]);
    for (let run = 0; run < runs; run++)
      QUESTIONS.forEach((q, i) => asks[i]!.push(timed([BIN, "ask", q], env)));
    const pages = world.wiki.pageCount();
    return { pages, idleRssMb: median(idle), idle, asks };
  } finally {
    await world.close();
  }
}

/**
 * What the four tldr translations (ru, de, es, zh) cost the daemon: its idle RSS with the English
 * tldr and with the translations beside it (agent locale "*", every page indexed; medians of
 * `runs` starts), and `wiki-gateway ask` on the larger wiki, in English and in Russian (median
 * wall, CPU and peak RSS). The ranking's time per question in each language is answer-quality's.
 */
export async function runLanguagesBudget(options: { runs?: number; port?: number } = {}) {
  const runs = options.runs ?? 3;
  const port = options.port ?? 18_491;
  const load = [loadavg()[0]!];
  const english = await measure(false, runs, port);
  load.push(loadavg()[0]!);
  const both = await measure(true, runs, port);
  load.push(loadavg()[0]!);
  const m = (values: Timed[], key: keyof Timed) => round(median(values.map((v) => v[key])), 2);
  const rows: Array<Array<string | number>> = [
    [
      "daemon RSS idle, index loaded (MB)",
      round(english.idleRssMb, 1),
      round(both.idleRssMb, 1),
      `+${round(both.idleRssMb - english.idleRssMb, 1)}`,
    ],
  ];
  QUESTIONS.forEach((q, i) => {
    for (const [label, key] of [
      ["wall s", "wallS"],
      ["CPU s", "cpuS"],
      ["peak RSS MB", "peakRssMb"],
    ] as const)
      rows.push([
        `ask «${q}»: ${label}`,
        m(english.asks[i]!, key),
        m(both.asks[i]!, key),
        round(m(both.asks[i]!, key) / m(english.asks[i]!, key), 2) + "×",
      ]);
  });
  const data = { runs, english, both, loadAverage: median(load) };
  const table = writeResults("languages-budget", data, {
    title: `the tldr translations' cost: English tldr (${english.pages} pages) against it plus ru, de, es, zh (${both.pages}), agent locale "*", median of ${runs} runs`,
    columns: ["measure", "English tldr", "with the translations", "difference"],
    rows,
    notes: [
      `Goals: ask < 0.4 s wall and < 100 MB; the daemon's idle RSS with the English tldr ≤ the echo bot + 60 MB (bench pipeline). Load average (1 min, median) ${round(data.loadAverage, 2)} on this shared machine.`,
    ],
  });
  return { data, table };
}
