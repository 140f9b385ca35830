import { mkdtempSync, readdirSync, readlinkSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { QUESTIONS } from "./answer-quality/questions.js";
import { burst } from "./lib/load.js";
import { rssMb, stopProcess } from "./lib/processes.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";
import { createWorld, type GatewayProcess, startGateway } from "./lib/world.js";

/**
 * How start-up, memory, sockets, event-loop delay and per-message cost grow with the number of
 * accounts (each with `groups` configured groups), up to 1,000 accounts: where one process stops
 * being enough. Medians over `runs` starts per size (saved index).
 */
export async function runScale(
  options: { sizes?: number[]; groups?: number; runs?: number; messages?: number; port?: number } = {},
) {
  const sizes = options.sizes ?? [7, 100, 300, 1000];
  const groups = options.groups ?? 100;
  const runs = options.runs ?? 3;
  const messages = options.messages ?? 600;
  const port = options.port ?? 18_490;
  const rows: Array<Array<string | number>> = [];
  const data: Record<string, unknown> = {};
  const load: number[] = [loadavg()[0]!];
  let smallest: { accounts: number; rss: number } | undefined;
  for (const accounts of sizes) {
    const world = await createWorld({ accounts, extraGroups: groups });
    const stateDir = mkdtempSync(join(tmpdir(), "wg-scale-"));
    try {
      // Warm-up start builds and saves the index; the measured starts load it.
      const warm = await startGateway(world, stateDir, port);
      await stopProcess(warm.child);
      const polling: number[] = [];
      const rss: number[] = [];
      const sockets: number[] = [];
      const idleP99: number[] = [];
      const loadP99: number[] = [];
      const msPerMessage: number[] = [];
      for (let run = 0; run < runs; run++) {
        const gw = await startGateway(world, stateDir, port);
        polling.push(gw.pollingMs);
        await new Promise((r) => setTimeout(r, 2000)); // let every long poll settle
        rss.push(rssMb(gw.child.pid));
        sockets.push(socketCount(gw.child.pid));
        await loopDelay(gw); // starts a new window
        await new Promise((r) => setTimeout(r, 3000));
        idleP99.push((await loopDelay(gw)).p99);
        const result = await burst(
          world,
          QUESTIONS.map((q) => q.question),
          messages,
        );
        loadP99.push((await loopDelay(gw)).p99);
        msPerMessage.push((result.seconds * 1000) / Math.max(1, result.answered));
        await stopProcess(gw.child);
        load.push(loadavg()[0]!);
      }
      const medianRss = median(rss);
      smallest ??= { accounts, rss: medianRss };
      const perAccount =
        accounts > smallest.accounts
          ? (medianRss - smallest.rss) / (accounts - smallest.accounts)
          : Number.NaN;
      data[String(accounts)] = {
        polling,
        rss,
        sockets,
        idleP99,
        loadP99,
        msPerMessage,
        rssPerAccountMb: perAccount,
      };
      rows.push([
        accounts,
        groups,
        round(median(polling), 0),
        round(medianRss, 1),
        Number.isNaN(perAccount) ? "—" : round(perAccount, 3),
        median(sockets),
        round(median(idleP99), 1),
        round(median(loadP99), 1),
        round(median(msPerMessage), 2),
      ]);
    } finally {
      await world.close();
    }
  }
  const table = writeResults("scale", data, {
    title: `Scale: accounts × ${groups} configured groups each, median of ${runs} start(s) per size (saved index), ${messages} questions per run`,
    columns: [
      "accounts",
      "groups per account",
      "start → all polling (ms)",
      "RSS idle (MB)",
      "RSS per added account (MB)",
      "sockets",
      "loop delay p99 idle (ms)",
      "loop delay p99 under load (ms)",
      "wall ms per answered message",
    ],
    rows,
    notes: [
      `Sockets: open socket descriptors of the gateway (one long poll per account, plus keep-alive connections). Loop delay: \`wiki_gateway_event_loop_delay_seconds{stat="p99"}\` over 3 s idle, and over the load. Load average (1 min, median) ${round(median(load), 2)} on this shared machine.`,
    ],
  });
  return { data, table };
}

/** Open sockets of a process (Linux /proc). */
function socketCount(pid: number | undefined): number {
  try {
    const dir = `/proc/${pid}/fd`;
    return readdirSync(dir).filter((fd) => {
      try {
        return readlinkSync(join(dir, fd)).startsWith("socket:");
      } catch {
        return false;
      }
    }).length;
  } catch {
    return Number.NaN;
  }
}

/** The gateway's event-loop delay since the previous scrape (ms). */
async function loopDelay(gw: GatewayProcess): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${gw.httpUrl}/metrics`)).text();
  const stat = (name: string) =>
    Number(
      new RegExp(`^wiki_gateway_event_loop_delay_seconds\\{stat="${name}"\\} (\\S+)$`, "m").exec(text)?.[1],
    ) * 1000;
  return { p99: stat("p99"), max: stat("max") };
}
