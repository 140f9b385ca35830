import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QUESTIONS } from "./answer-quality/questions.js";
import { burst } from "./lib/load.js";
import { rssMb, stopProcess } from "./lib/processes.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";
import { createWorld, startGateway } from "./lib/world.js";

/**
 * Issue 10, item 3: how start-up, memory and per-message cost grow with 7, 50 and 200 accounts
 * (with 1,000 configured groups each). Medians over `runs` starts per size.
 */
export async function runScale(
  options: { sizes?: number[]; runs?: number; messages?: number; port?: number } = {},
) {
  const sizes = options.sizes ?? [7, 50, 200];
  const runs = options.runs ?? 3;
  const messages = options.messages ?? 600;
  const rows: Array<Array<string | number>> = [];
  const data: Record<string, unknown> = {};
  for (const accounts of sizes) {
    const world = await createWorld({ accounts, extraGroups: 1000 });
    const stateDir = mkdtempSync(join(tmpdir(), "wg-scale-"));
    try {
      // Warm-up start builds and saves the index; the measured starts load it.
      const warm = await startGateway(world, stateDir, options.port ?? 18_490);
      await stopProcess(warm.child);
      const polling: number[] = [];
      const rss: number[] = [];
      const msPerMessage: number[] = [];
      for (let run = 0; run < runs; run++) {
        const gw = await startGateway(world, stateDir, options.port ?? 18_490);
        polling.push(gw.pollingMs);
        rss.push(rssMb(gw.child.pid));
        const load = await burst(
          world,
          QUESTIONS.map((q) => q.question),
          messages,
        );
        msPerMessage.push((load.seconds * 1000) / Math.max(1, load.answered));
        await stopProcess(gw.child);
      }
      data[String(accounts)] = { polling, rss, msPerMessage };
      rows.push([
        accounts,
        1000,
        round(median(polling), 0),
        round(median(rss), 1),
        round(median(msPerMessage), 2),
      ]);
    } finally {
      await world.close();
    }
  }
  const table = writeResults("scale", data, {
    title: `Scale: accounts × 1,000 configured groups, median of ${runs} starts (saved index), ${messages} questions per run`,
    columns: [
      "accounts",
      "groups per account",
      "start → all polling (ms)",
      "RSS idle (MB)",
      "wall ms per answered message",
    ],
    rows,
  });
  return { data, table };
}
