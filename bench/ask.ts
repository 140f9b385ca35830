import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, stopProcess } from "./lib/processes.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";
import { createWorld, IMAGE_MEMORY_ENV, startGateway } from "./lib/world.js";

const QUESTION = "how do I list docker containers";

export interface Timed {
  wallS: number;
  cpuS: number;
  peakRssMb: number;
}

/** One command under `/usr/bin/time -v`: wall clock, user + system CPU, peak RSS. */
export function timed(args: string[], env: Record<string, string | undefined>): Timed {
  const run = spawnSync("/usr/bin/time", ["-v", process.execPath, ...args], { env, encoding: "utf8" });
  const field = (label: string) => new RegExp(`${label}: (\\S+)`).exec(run.stderr)?.[1] ?? "NaN";
  const wallS = field("Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)")
    .split(":")
    .reduce((a, b) => a * 60 + Number(b), 0);
  const cpuS = Number(field("User time \\(seconds\\)")) + Number(field("System time \\(seconds\\)"));
  return { wallS, cpuS, peakRssMb: Number(field("Maximum resident set size \\(kbytes\\)")) / 1024 };
}

/**
 * `wiki-gateway ask` with a saved index younger than the refresh interval (no wiki request), the
 * tldr corpus: `rounds` times each, alternating, a bare `node -e ''` (the baseline: Node's own
 * start), `ask`, and `ask` with the container image's memory settings. Medians; ratios to the
 * baseline of the same run. Needs /usr/bin/time (GNU time).
 */
export async function runAsk(options: { rounds?: number; port?: number } = {}) {
  const rounds = options.rounds ?? 3;
  const world = await createWorld({ accounts: 1 });
  const stateDir = mkdtempSync(join(tmpdir(), "wg-ask-"));
  try {
    await stopProcess((await startGateway(world, stateDir, options.port ?? 18_489)).child); // saves the index
    const env = { ...process.env, ...world.env, GATEWAY_STATE_DIR: stateDir, LOG_LEVEL: "warn" };
    const base: Timed[] = [];
    const ask: Timed[] = [];
    const image: Timed[] = [];
    const load = [loadavg()[0]!];
    for (let i = 0; i < rounds; i++) {
      base.push(timed(["-e", ""], env));
      ask.push(timed([BIN, "ask", QUESTION], env));
      image.push(timed([BIN, "ask", QUESTION], { ...env, ...IMAGE_MEMORY_ENV }));
      load.push(loadavg()[0]!);
    }
    const m = (values: Timed[], key: keyof Timed) => median(values.map((v) => v[key]));
    const row = (label: string, values: Timed[]) => [
      label,
      `${round(m(values, "wallS"), 2)} (${round(m(values, "wallS") / m(base, "wallS"), 1)}×)`,
      `${round(m(values, "cpuS"), 2)}`,
      round(m(values, "peakRssMb"), 1),
    ];
    const data = {
      rounds,
      question: QUESTION,
      baseline: { wallS: m(base, "wallS"), cpuS: m(base, "cpuS"), peakRssMb: m(base, "peakRssMb") },
      ask: { wallS: m(ask, "wallS"), cpuS: m(ask, "cpuS"), peakRssMb: m(ask, "peakRssMb") },
      askImageEnv: { wallS: m(image, "wallS"), cpuS: m(image, "cpuS"), peakRssMb: m(image, "peakRssMb") },
      loadAverage: median(load),
    };
    const table = writeResults("ask", data, {
      title: `ask "${QUESTION}", saved tldr index, median of ${rounds} runs`,
      columns: ["command", "wall s (× node -e '')", "CPU s (user + system)", "peak RSS (MB)"],
      rows: [
        row("node -e '' (baseline)", base),
        row("wiki-gateway ask", ask),
        row("wiki-gateway ask, the image's memory settings", image),
      ],
      notes: [
        `Goal: < 0.4 s wall, < 100 MB. Load average (1 min, median) ${round(data.loadAverage, 2)} on this shared machine.`,
      ],
    });
    return { data, table };
  } finally {
    await world.close();
  }
}
