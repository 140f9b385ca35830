import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { QUESTIONS } from "./answer-quality/questions.js";
import { burst } from "./lib/load.js";
import { rssMb, stopProcess } from "./lib/processes.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";
import {
  createWorld,
  GC_REPORT_ARGS,
  heapAfterGc,
  IMAGE_MEMORY_ENV,
  startGateway,
  type World,
} from "./lib/world.js";

const questions = QUESTIONS.map((q) => q.question);
const MB = 1024 * 1024;

/**
 * The soak: one gateway (7 accounts, tldr corpus) answering rounds of 50 questions, half repeated
 * (cache hits) and half never asked before (ranking), for `seconds`; a hot reload of gateway.json
 * (file write + SIGHUP) at a third of the time, a page edited in the wiki at half (picked up by the
 * index refresh, which runs every quarter of the time). RSS is sampled after each round; the heap
 * is read after a forced GC (node --expose-gc in the gateway) at the start and at the end. With
 * `imageEnv`, the gateway runs with the container image's memory settings (IMAGE_MEMORY_ENV).
 */
export async function runSoak(
  seconds: number,
  options: { world?: World; stateDir?: string; port?: number; imageEnv?: boolean } = {},
) {
  const world = options.world ?? (await createWorld({ accounts: 7 }));
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "wg-soak-"));
  const port = options.port ?? 18_485;
  const refreshSeconds = Math.max(30, Math.round(seconds / 4));
  try {
    // A first start builds and saves the index, so the soak's gateway starts as in production.
    if (!options.stateDir) await stopProcess((await startGateway(world, stateDir, port)).child);
    const gw = await startGateway(world, stateDir, port, {
      nodeArgs: GC_REPORT_ARGS,
      env: {
        WIKI_INDEX_REFRESH_SECONDS: String(refreshSeconds),
        ...(options.imageEnv ? IMAGE_MEMORY_ENV : {}),
      },
    });
    const load = [loadavg()[0]!];
    const samples: number[] = [];
    let answered = 0;
    let sent = 0;
    let rounds = 0;
    let reloaded = false;
    let edited = false;
    const started = Date.now();
    const end = started + seconds * 1000;
    let heapStart;
    let heapEnd;
    try {
      // Warm-up round, then the heap after a forced GC is the start.
      await burst(world, questions, 50, 30_000);
      heapStart = await heapAfterGc(gw);
      while (Date.now() < end) {
        const mixed = Array.from({ length: 50 }, (_, i) =>
          i % 2 === 0
            ? questions[(rounds * 25 + i / 2) % questions.length]!
            : `${questions[(rounds * 7 + i) % questions.length]!} (soak ${rounds}-${i})`,
        );
        const result = await burst(world, mixed, mixed.length, 30_000);
        answered += result.answered;
        sent += mixed.length;
        samples.push(rssMb(gw.child.pid));
        rounds += 1;
        const elapsed = (Date.now() - started) / (seconds * 1000);
        if (!reloaded && elapsed > 1 / 3) {
          const config = world.config() as { accounts: Record<string, { groups: Record<string, unknown> }> };
          for (const account of Object.values(config.accounts))
            account.groups[String(-1003000000000 - rounds)] = { requireMention: true };
          world.writeConfig(config);
          gw.child.kill("SIGHUP");
          reloaded = true;
        }
        if (!edited && elapsed > 1 / 2) {
          world.wiki.seed([
            { path: "soak/edited", title: "Soak edit", content: `# Soak edit\n\nEdited in round ${rounds}.` },
          ]);
          edited = true;
        }
        if (rounds % 30 === 0) load.push(loadavg()[0]!);
        await new Promise((r) => setTimeout(r, 1000));
      }
      heapEnd = await heapAfterGc(gw);
    } finally {
      await stopProcess(gw.child);
    }
    const logs = gw.logs();
    const tenth = Math.max(1, Math.floor(samples.length / 10));
    const data = {
      seconds,
      rounds,
      sent,
      answered,
      // Every "configuration applied" after the one at start is a hot reload.
      reloads: Math.max(0, (logs.match(/configuration applied/g) ?? []).length - 1),
      indexRefreshes: (logs.match(/search index refreshed/g) ?? []).length,
      rssFirstMb: samples[0] ?? Number.NaN,
      rssMaxMb: Math.max(...samples),
      rssLastMb: samples.at(-1) ?? Number.NaN,
      rssFirstTenthMedianMb: median(samples.slice(0, tenth)),
      rssLastTenthMedianMb: median(samples.slice(-tenth)),
      heapAfterGcStartMb: heapStart.heapUsed / MB,
      heapAfterGcEndMb: heapEnd.heapUsed / MB,
      rssAfterGcStartMb: heapStart.rss / MB,
      rssAfterGcEndMb: heapEnd.rss / MB,
      gcForced: heapStart.forced && heapEnd.forced,
      loadAverage: median(load),
      imageEnv: options.imageEnv === true,
      /** RSS (MB) after each round, in order: the trend. */
      rssSamplesMb: samples.map((v) => round(v, 1)),
    };
    const growth = (data.rssLastTenthMedianMb / data.rssFirstTenthMedianMb - 1) * 100;
    const table = writeResults("soak", data, {
      title: `Soak: ${seconds} s, 7 accounts, rounds of 50 questions (half repeated, half new), a hot reload and an index refresh during it${data.imageEnv ? ", the image's memory settings" : ""}`,
      columns: ["measure", "start", "max", "end", "end / start"],
      rows: [
        [
          "RSS (MB), sampled after each round",
          round(data.rssFirstMb, 1),
          round(data.rssMaxMb, 1),
          round(data.rssLastMb, 1),
          round(data.rssLastMb / data.rssFirstMb, 2),
        ],
        [
          "RSS (MB), median of the first and last tenth",
          round(data.rssFirstTenthMedianMb, 1),
          "—",
          round(data.rssLastTenthMedianMb, 1),
          `${round(growth, 1)} % (goal < 10 %)`,
        ],
        startEnd("heap used after a forced GC (MB)", data.heapAfterGcStartMb, data.heapAfterGcEndMb),
        startEnd("RSS after that GC (MB)", data.rssAfterGcStartMb, data.rssAfterGcEndMb),
      ],
      notes: [
        `RSS by tenth of the run (median MB): ${tenths(samples).join(", ")}.`,
        `${data.answered} of ${data.sent} questions answered in ${data.rounds} rounds; ${data.reloads} hot reload(s), ${data.indexRefreshes} index refresh(es) that changed the index; load average (1 min, median) ${round(data.loadAverage, 2)}.`,
      ],
    });
    return { data, table };
  } finally {
    if (!options.world) await world.close();
  }
}

/** A table row of a measure read at the start and at the end only. */
function startEnd(label: string, start: number, end: number): Array<string | number> {
  return [label, round(start, 1), "—", round(end, 1), round(end / start, 2)];
}

/** The median of each tenth of the samples, rounded: the trend in ten numbers. */
function tenths(samples: number[]): number[] {
  const size = Math.max(1, Math.ceil(samples.length / 10));
  const out: number[] = [];
  for (let i = 0; i < samples.length; i += size) out.push(round(median(samples.slice(i, i + size)), 1));
  return out;
}
