import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { draftOf } from "../src/agents/grounded-reply.js";
import { createModelClient } from "../src/models/model-client.js";
import { MODEL_DEFAULTS } from "../src/models/model-settings.js";
import { searchWordsOf } from "../src/models/rewrite-reply.js";
import { spawnNode, stopProcess } from "./lib/processes.js";
import { writeResults } from "./lib/results.js";
import { round } from "./lib/stats.js";

const SERVER = fileURLToPath(new URL("./model-flood-server.js", import.meta.url));

/**
 * A 50 MB reply to a call of the default maxOutputTokens (400), from a server in another process,
 * whole (then its search words read, as for a rewrite) and streamed (a draft made every 100 ms,
 * as for an answer): what the call ends with, how long it took, the longest the event loop was
 * held up (perf_hooks.monitorEventLoopDelay), and the process's RSS growth.
 */
export async function runModelFlood() {
  const child = spawnNode([SERVER], {});
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", () => reject(new Error("the flood server exited")));
  });
  const rows: Array<Array<string | number>> = [];
  const data: Record<string, unknown> = {};
  try {
    for (const streamed of [false, true]) {
      const figures = await flood(baseUrl, streamed);
      data[streamed ? "streamed" : "whole"] = figures;
      rows.push([
        streamed ? "streamed" : "whole",
        figures.outcome,
        figures.ms,
        figures.loopMaxMs,
        figures.rssMb,
      ]);
    }
  } finally {
    await stopProcess(child);
  }
  const table = writeResults("model-flood", data, {
    title: "A 50 MB reply to a call with maxOutputTokens 400",
    columns: ["reply", "outcome", "time (ms)", "loop delay max (ms)", "RSS growth (MB)"],
    rows,
  });
  return { table, data };
}

async function flood(baseUrl: string, streamed: boolean) {
  const client = createModelClient({
    settings: {
      name: "flood",
      baseUrl,
      model: "flood",
      apiKey: undefined,
      ...MODEL_DEFAULTS,
      timeoutMs: 60_000,
      dailyTokenBudget: undefined,
    },
  });
  let drafted = -Infinity;
  const onText = (soFar: string) => {
    if (performance.now() - drafted < 100) return;
    drafted = performance.now();
    draftOf(soFar, 3);
  };
  global.gc?.();
  const rss = process.memoryUsage().rss;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  let outcome: string;
  try {
    const reply = await client.complete({
      purpose: streamed ? "answer" : "rewrite",
      agent: "bench",
      account: "bench",
      messages: [{ role: "user", content: "how do I extract a tar archive" }],
      ...(streamed ? { onText } : {}),
    });
    searchWordsOf(reply.text);
    outcome = `answered (${reply.text.length} characters)`;
  } catch (error) {
    outcome = (error as { code?: string }).code ?? String(error);
  }
  const ms = round(performance.now() - started);
  delay.disable();
  return {
    outcome,
    ms,
    loopMaxMs: round(delay.max / 1e6),
    rssMb: round((process.memoryUsage().rss - rss) / 2 ** 20),
  };
}
