import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The parts of a message's way that a profile's CPU is charged to, in table order. */
export const CPU_OWNERS = [
  "grammY/runner (polling, updates, accounts)",
  "journal",
  "policy",
  "pipeline (steps, answer cache)",
  "ranking (index, answerer)",
  "rendering (HTML, split)",
  "Bot API call (sendMessage)",
  "logging",
  "metrics and HTTP endpoint",
  "garbage collector",
  "Node and other",
] as const;
export type CpuOwner = (typeof CPU_OWNERS)[number];

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The owner of a product file (dist/src/...), or undefined for anything else. */
function productOwner(url: string): CpuOwner | undefined {
  const m = /\/dist\/src\/(.+)$/.exec(url);
  if (!m) return undefined;
  const path = m[1]!;
  if (path.startsWith("accounts/journal")) return "journal";
  if (path === "accounts/telegram-replier.js") return "Bot API call (sendMessage)";
  if (path.startsWith("accounts/")) return "grammY/runner (polling, updates, accounts)";
  if (path.startsWith("policy/")) return "policy";
  if (path.startsWith("pipeline/")) return "pipeline (steps, answer cache)";
  if (path.startsWith("agents/format/")) return "rendering (HTML, split)";
  if (path.startsWith("wiki/search-index/") || /^agents\/answer/.test(path))
    return "ranking (index, answerer)";
  if (path.startsWith("log/")) return "logging";
  if (path.startsWith("http/")) return "metrics and HTTP endpoint";
  return "Node and other";
}

/** The owner of a library file, or undefined. */
function libraryOwner(url: string): CpuOwner | undefined {
  if (/node_modules\/(grammy|@grammyjs)\//.test(url)) return "grammY/runner (polling, updates, accounts)";
  if (/node_modules\/(minisearch|stemmer|flexsearch)\//.test(url)) return "ranking (index, answerer)";
  if (/node_modules\/marked\//.test(url)) return "rendering (HTML, split)";
  if (/node_modules\/(pino|pino-[a-z-]+|sonic-boom|thread-stream)\//.test(url)) return "logging";
  if (/node_modules\/prom-client\//.test(url)) return "metrics and HTTP endpoint";
  return undefined;
}

/**
 * Sums the sampled time of a V8 CPU profile (`node --cpu-prof`) by owner, in ms, idle left out.
 * A sample is charged to the deepest product frame on its stack (the code that asked for the
 * work: minisearch under the index is ranking, grammY under the replier is the Bot API call); with
 * none, to the deepest library frame it knows; else to the garbage collector or "Node and other".
 * Continuations after an await start a new stack, so the handling of a Bot API answer is charged to
 * grammY, not to the call that sent it.
 */
export function cpuByOwner(profile: CpuProfile): Record<CpuOwner, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const ownerOf = new Map<number, CpuOwner | "idle">();
  const resolve = (id: number): CpuOwner | "idle" => {
    const known = ownerOf.get(id);
    if (known) return known;
    const leaf = byId.get(id)!;
    let owner: CpuOwner | "idle" | undefined;
    if (leaf.callFrame.functionName === "(idle)") owner = "idle";
    else if (leaf.callFrame.functionName === "(garbage collector)") owner = "garbage collector";
    let library: CpuOwner | undefined;
    for (let at: number | undefined = id; owner === undefined && at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      owner = productOwner(url);
      library ??= libraryOwner(url);
    }
    const result = owner ?? library ?? "Node and other";
    ownerOf.set(id, result);
    return result;
  };
  const totals = Object.fromEntries(CPU_OWNERS.map((o) => [o, 0])) as Record<CpuOwner, number>;
  profile.samples.forEach((id, i) => {
    const owner = resolve(id);
    if (owner !== "idle") totals[owner] += (profile.timeDeltas[i] ?? 0) / 1000;
  });
  return totals;
}

/** The one .cpuprofile a process wrote into `dir`. */
export function readCpuProfile(dir: string): CpuProfile {
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no .cpuprofile in ${dir}: did the process exit normally?`);
  return JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
}

/** CPU time (user + system, ms) a process used so far, from /proc (Linux); NaN when unknown. */
export function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
