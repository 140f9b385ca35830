import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { QUESTIONS } from "./answer-quality/questions.js";
import { CPU_OWNERS, type CpuOwner, cpuByOwner, processCpuMs, readCpuProfile } from "./lib/cpu-profile.js";
import { burst } from "./lib/load.js";
import { stopProcess } from "./lib/processes.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";
import { createWorld, GC_REPORT_ARGS, heapAfterGc, startGateway, type World } from "./lib/world.js";

const questions = QUESTIONS.map((q) => q.question);
const MB = 1024 * 1024;

/**
 * Where the time and memory go. CPU: the gateway runs under `node --cpu-prof` twice per run, once
 * started and stopped with no message and once answering `messages` questions (half repeated, half
 * new); the difference of the two profiles, per owner, over the messages, is scaled to the process
 * CPU time measured from /proc, so the columns add up to the real CPU per message. Memory: the heap
 * left after a forced GC in the loaded gateway, the answer cache's own estimate (/metrics), and the
 * heap that 7 grammY bots and the loaded index add in a process of their own.
 */
export async function runProfile(options: { runs?: number; messages?: number; port?: number } = {}) {
  const runs = options.runs ?? 3;
  const messages = options.messages ?? 600;
  const port = options.port ?? 18_487;
  const world = await createWorld({ accounts: 7 });
  const stateDir = mkdtempSync(join(tmpdir(), "wg-profile-"));
  const load: number[] = [loadavg()[0]!];
  try {
    await stopProcess((await startGateway(world, stateDir, port)).child); // builds the saved index
    const perMessage: Array<Record<CpuOwner, number>> = [];
    const cpuMs: number[] = [];
    const heap: number[] = [];
    const cacheBytes: number[] = [];
    for (let run = 0; run < runs; run++) {
      const idle = await profiled(world, stateDir, port, 0, run);
      const busy = await profiled(world, stateDir, port, messages, run);
      const extra = CPU_OWNERS.map((o) => Math.max(0, busy.byOwner[o] - idle.byOwner[o]));
      const sampled = extra.reduce((a, b) => a + b, 0);
      const measured = busy.loadCpuMs / busy.answered;
      cpuMs.push(measured);
      perMessage.push(
        Object.fromEntries(CPU_OWNERS.map((o, i) => [o, (extra[i]! / sampled) * measured])) as Record<
          CpuOwner,
          number
        >,
      );
      heap.push(busy.heapMb);
      cacheBytes.push(busy.cacheBytes);
      load.push(loadavg()[0]!);
    }
    const owners = await heapOwners(world, stateDir);
    const cpu = Object.fromEntries(CPU_OWNERS.map((o) => [o, median(perMessage.map((p) => p[o]))])) as Record<
      CpuOwner,
      number
    >;
    const total = median(cpuMs);
    const data = {
      runs,
      messages,
      cpuMsPerMessage: total,
      cpuByOwnerMsPerMessage: cpu,
      heapAfterGcMb: median(heap),
      answerCacheMb: median(cacheBytes) / MB,
      heapOwners: owners,
      loadAverage: median(load),
    };
    const rows: Array<Array<string | number>> = CPU_OWNERS.map((o) => [
      o,
      round(cpu[o], 3),
      `${round((cpu[o] / total) * 100, 1)} %`,
    ]);
    rows.push(["**all (process CPU time / answered message)**", round(total, 3), "100 %"]);
    const cpuTable = writeResults("profile", data, {
      title: `Profile: CPU per message by owner, 7 accounts, ${messages} questions (half repeated, half new), median of ${runs} runs`,
      columns: ["owner", "CPU ms per message", "share"],
      rows,
      notes: [
        `Heap by owner (MB, after a forced GC): the whole loaded gateway ${round(data.heapAfterGcMb, 1)}; the index ${round(owners.index.heapUsed / MB, 1)} heap + ${round(owners.index.external / MB, 1)} external (${owners.stats.pages} pages, ${owners.stats.passages} passages); 7 running grammY bots ${round(owners.grammY.heapUsed / MB, 1)}; the answer cache ${round(data.answerCacheMb, 2)} (its own estimate, after the load); an empty Node process with the modules loaded ${round(owners.base.heapUsed / MB, 1)}.`,
        `Load average (1 min, median) ${round(data.loadAverage, 2)} on this shared machine: shares are steadier than milliseconds.`,
      ],
    });
    return { data, table: cpuTable };
  } finally {
    await world.close();
  }
}

async function profiled(world: World, stateDir: string, port: number, messages: number, run: number) {
  const dir = mkdtempSync(join(tmpdir(), "wg-cpuprof-"));
  const gw = await startGateway(world, stateDir, port, {
    nodeArgs: ["--cpu-prof", "--cpu-prof-dir", dir, ...GC_REPORT_ARGS],
  });
  let loadCpuMs = 0;
  let answered = 0;
  let heapMb = Number.NaN;
  let cacheBytes = Number.NaN;
  try {
    if (messages > 0) {
      const mixed = Array.from({ length: messages }, (_, i) =>
        i % 2 === 0
          ? questions[i % questions.length]!
          : `${questions[i % questions.length]!} (profile ${run}-${i})`,
      );
      const before = processCpuMs(gw.child.pid);
      answered = (await burst(world, mixed, mixed.length)).answered;
      loadCpuMs = processCpuMs(gw.child.pid) - before;
      const metrics = await (await fetch(`${gw.httpUrl}/metrics`)).text();
      cacheBytes = Number(/^wiki_gateway_cache_bytes\{cache="answers"\} (\S+)$/m.exec(metrics)?.[1]);
      heapMb = (await heapAfterGc(gw)).heapUsed / MB;
    }
  } finally {
    await stopProcess(gw.child);
  }
  return {
    byOwner: cpuByOwner(readCpuProfile(dir)),
    loadCpuMs,
    answered: Math.max(1, answered),
    heapMb,
    cacheBytes,
  };
}

async function heapOwners(world: World, stateDir: string) {
  const child = spawn(
    process.execPath,
    ["--expose-gc", fileURLToPath(new URL("./heap-owners-child.js", import.meta.url))],
    {
      env: {
        ...process.env,
        INDEX_FILE: join(stateDir, "index", "search.idx"),
        ECHO_TOKENS: Object.values(world.bots)
          .map((b) => b.token)
          .join(","),
        TELEGRAM_API_ROOT: world.telegram.apiRoot,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  await new Promise((resolve) => child.once("exit", resolve));
  type Part = { heapUsed: number; external: number; rss: number };
  return (
    JSON.parse(out.trim().split("\n").at(-1)!) as {
      heapOwners: { base: Part; grammY: Part; index: Part; stats: { pages: number; passages: number } };
    }
  ).heapOwners;
}
