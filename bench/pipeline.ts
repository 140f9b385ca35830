import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { QUESTIONS } from "./answer-quality/questions.js";
import { processCpuMs } from "./lib/cpu-profile.js";
import { burst, type LoadResult } from "./lib/load.js";
import { rssMb, stopProcess, waitFor } from "./lib/processes.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";
import { createWorld, IMAGE_MEMORY_ENV, startEcho, startGateway } from "./lib/world.js";
import { runSoak } from "./soak.js";

/**
 * Issue 10, items 1, 2, 4 and 5: the daemon (its own process, 7 accounts, the tldr corpus in the
 * sandbox wiki) against a bare grammY + runner echo bot per account on the same sandbox, in the
 * same run. Each run alternates baseline and gateway; medians over `runs`.
 */
export interface PipelineOptions {
  runs?: number;
  messages?: number;
  soakSeconds?: number;
  port?: number;
}

const questions = QUESTIONS.map((q) => q.question);

/**
 * A burst, with the CPU time (user + system, all threads, from /proc) the bot's process spent on
 * it per answered message: steadier than throughput on a shared machine.
 */
async function measuredBurst(
  world: Parameters<typeof burst>[0],
  pid: number | undefined,
  list: readonly string[],
  count: number,
): Promise<LoadResult & { cpuMsPerMessage: number }> {
  const before = processCpuMs(pid);
  const result = await burst(world, list, count);
  return { ...result, cpuMsPerMessage: (processCpuMs(pid) - before) / Math.max(1, result.answered) };
}

export async function runPipeline(options: PipelineOptions = {}) {
  const runs = options.runs ?? 3;
  const messages = options.messages ?? 1400;
  const port = options.port ?? 18_480;
  const world = await createWorld({ accounts: 7 });
  const stateDir = mkdtempSync(join(tmpdir(), "wg-bench-state-"));
  try {
    // First start: builds the index from the sandbox wiki over GraphQL.
    const first = await startGateway(world, stateDir, port);
    // The index is ready (and /readyz 200) before the build's log line is written: wait for it.
    const BUILD_LINE = /"ms":(\d+)[^\n]*search index built|search index built[^\n]*"ms":(\d+)/;
    await waitFor(async () => BUILD_LINE.test(first.logs()), 30_000, "the index build's log line");
    const buildLine = BUILD_LINE.exec(first.logs());
    const indexBuildMs = Number(buildLine?.[1] ?? buildLine?.[2] ?? Number.NaN);
    const coldReadyMs = first.readyMs;
    await stopProcess(first.child);

    type Measured = LoadResult & { cpuMsPerMessage: number };
    const baseline: Measured[] = [];
    const gateway: Measured[] = [];
    const uncached: Measured[] = [];
    const load: number[] = [loadavg()[0]!];
    const readyMs: number[] = [];
    const idleRss: number[] = [];
    const echoIdleRss: number[] = [];
    const imageIdleRss: number[] = [];
    const afterRss: number[] = [];
    const graphqlPerAnswer: number[] = [];
    const listingsPerCycle: number[] = [];
    const listings = () => world.wiki.stats().byOperation["pages.list"] ?? 0;
    for (let run = 0; run < runs; run++) {
      const startedSeq = world.telegram.calls({ method: "getMe" }).at(-1)?.seq ?? 0;
      const echo = startEcho(world);
      // Idle like the gateway's figure: every bot started (its getMe answered, then its first
      // long poll is under way; a getUpdates is logged only when it returns).
      // An echo bot that never started is not left behind.
      await waitFor(
        () =>
          new Set(
            world.telegram
              .calls({ method: "getMe" })
              .filter((c) => c.seq > startedSeq)
              .map((c) => c.bot),
          ).size === world.accounts.length,
        30_000,
        "every echo bot started",
      ).catch(async (error: unknown) => {
        await stopProcess(echo);
        throw error;
      });
      await new Promise((r) => setTimeout(r, 1000));
      echoIdleRss.push(rssMb(echo.pid));
      baseline.push(await measuredBurst(world, echo.pid, questions, messages));
      await stopProcess(echo);

      const listedBefore = listings();
      const gw = await startGateway(world, stateDir, port);
      readyMs.push(gw.readyMs);
      idleRss.push(rssMb(gw.child.pid));
      const before = world.wiki.stats().requests;
      const result = await measuredBurst(world, gw.child.pid, questions, messages);
      graphqlPerAnswer.push((world.wiki.stats().requests - before) / Math.max(1, result.answered));
      gateway.push(result);
      // Every question different: no answer cache hit, the ranking runs for each message.
      const unique = Array.from(
        { length: 300 },
        (_, i) => `${questions[i % questions.length]} (${run}-${i})`,
      );
      uncached.push(await measuredBurst(world, gw.child.pid, unique, unique.length));
      load.push(loadavg()[0]!);
      afterRss.push(rssMb(gw.child.pid));
      // One wiki check cycle ran since the start (the refresh interval is an hour): its listings.
      listingsPerCycle.push(listings() - listedBefore);
      await stopProcess(gw.child);
      // The same start with the container image's memory settings: idle RSS only.
      const imaged = await startGateway(world, stateDir, port, { env: IMAGE_MEMORY_ENV });
      imageIdleRss.push(rssMb(imaged.child.pid));
      await stopProcess(imaged.child);
    }

    const soak =
      (options.soakSeconds ?? 0) > 0
        ? (await runSoak(options.soakSeconds!, { world, stateDir, port })).data
        : undefined;

    const m = (values: Measured[], key: keyof Measured) => median(values.map((v) => Number(v[key])));
    const data = {
      runs,
      messages,
      accounts: 7,
      corpusPages: world.wiki.pageCount(),
      baseline: {
        perSecond: m(baseline, "perSecond"),
        p50: m(baseline, "p50"),
        p95: m(baseline, "p95"),
        p99: m(baseline, "p99"),
        cpuMsPerMessage: m(baseline, "cpuMsPerMessage"),
      },
      gateway: {
        perSecond: m(gateway, "perSecond"),
        p50: m(gateway, "p50"),
        p95: m(gateway, "p95"),
        p99: m(gateway, "p99"),
        cpuMsPerMessage: m(gateway, "cpuMsPerMessage"),
      },
      ratio: m(gateway, "perSecond") / m(baseline, "perSecond"),
      uncached: {
        perSecond: m(uncached, "perSecond"),
        p50: m(uncached, "p50"),
        p95: m(uncached, "p95"),
        cpuMsPerMessage: m(uncached, "cpuMsPerMessage"),
      },
      loadAverage: median(load),
      answered: gateway.map((g) => g.answered),
      indexBuildMs,
      coldReadyMs,
      readyWithSavedIndexMs: median(readyMs),
      rssIdleMb: median(idleRss),
      echoRssIdleMb: median(echoIdleRss),
      imageRssIdleMb: median(imageIdleRss),
      rssAfterLoadMb: median(afterRss),
      graphqlRequestsPerAnswer: median(graphqlPerAnswer),
      wikiListingsPerCycle: median(listingsPerCycle),
      soak,
    };
    const table = writeResults("pipeline", data, {
      title: `Pipeline: 7 accounts, ${messages} questions per run (80 % DM, 20 % group mentions), median of ${runs} runs`,
      columns: ["measure", "echo bot (baseline)", "wiki-gateway", "gateway / baseline"],
      rows: [
        [
          "messages answered per second",
          round(data.baseline.perSecond, 1),
          round(data.gateway.perSecond, 1),
          round(data.ratio, 2),
        ],
        [
          "message→reply p50 (ms)",
          round(data.baseline.p50, 1),
          round(data.gateway.p50, 1),
          round(data.gateway.p50 / data.baseline.p50, 2),
        ],
        [
          "message→reply p95 (ms)",
          round(data.baseline.p95, 1),
          round(data.gateway.p95, 1),
          round(data.gateway.p95 / data.baseline.p95, 2),
        ],
        [
          "message→reply p99 (ms)",
          round(data.baseline.p99, 1),
          round(data.gateway.p99, 1),
          round(data.gateway.p99 / data.baseline.p99, 2),
        ],
        [
          "all-distinct questions (no cache hit): answers/s, p50, p95 (ms)",
          "—",
          `${round(data.uncached.perSecond, 1)}, ${round(data.uncached.p50, 0)}, ${round(data.uncached.p95, 0)}`,
          round(data.uncached.perSecond / data.baseline.perSecond, 2),
        ],
        [
          "CPU ms per answered message (process, all threads): repeated; all-distinct",
          round(data.baseline.cpuMsPerMessage, 3),
          `${round(data.gateway.cpuMsPerMessage, 3)}; ${round(data.uncached.cpuMsPerMessage, 3)}`,
          `${round(data.baseline.cpuMsPerMessage / data.gateway.cpuMsPerMessage, 2)}; ${round(data.baseline.cpuMsPerMessage / data.uncached.cpuMsPerMessage, 2)}`,
        ],
        ["GraphQL requests per answer (warm index)", "—", round(data.graphqlRequestsPerAnswer, 3), "goal 0"],
        [
          "wiki listings (`pages.list`) in a check cycle, saved index",
          "—",
          data.wikiListingsPerCycle,
          "goal 1",
        ],
        ["index build from the sandbox wiki (ms)", "—", round(indexBuildMs, 0), `${data.corpusPages} pages`],
        ["start → ready, saved index (ms)", "—", round(data.readyWithSavedIndexMs, 0), "goal < 2000"],
        [
          "RSS idle (MB): echo bot; gateway, index loaded (difference, goal ≤ 60)",
          round(data.echoRssIdleMb, 1),
          round(data.rssIdleMb, 1),
          `+${round(data.rssIdleMb - data.echoRssIdleMb, 1)} (goal < 150 absolute)`,
        ],
        [
          "RSS idle (MB), gateway with the image's memory settings (Dockerfile ENV)",
          round(data.echoRssIdleMb, 1),
          round(data.imageRssIdleMb, 1),
          `+${round(data.imageRssIdleMb - data.echoRssIdleMb, 1)}`,
        ],
        ["RSS after the load (MB)", "—", round(data.rssAfterLoadMb, 1), ""],
        ...(soak
          ? [
              [
                `RSS over a ${soak.seconds} s soak (MB)`,
                "—",
                `${round(soak.rssFirstMb, 1)} → ${round(soak.rssLastMb, 1)} (max ${round(soak.rssMaxMb, 1)})`,
                "",
              ],
            ]
          : []),
      ],
      notes: [
        "Telegram itself allows about 30 messages/s per bot and 1 message/s per chat; the sandbox's flood model was off.",
        `Load average (1 min, median) ${round(data.loadAverage, 2)}: the throughput ratio depends on it (a busy machine slows the echo bot more than the gateway); the CPU ratio (echo bot's CPU per message / the gateway's) much less.`,
      ],
    });
    return { data, table };
  } finally {
    await world.close();
  }
}
