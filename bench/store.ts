import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Update } from "grammy/types";
import type { Journal } from "../src/accounts/journal/journal.js";
import { openJournal } from "../src/accounts/journal/journal.js";
import { openRedisJournal } from "../src/accounts/journal/journal-redis.js";
import { connectRedis } from "../src/cluster/redis-connection.js";
import { redisKeys } from "../src/cluster/redis-keys.js";
import { createRedisPairingDocument } from "../src/policy/pairing-document-redis.js";
import { createPairingStore, createPairingStoreOn, type PairingStore } from "../src/policy/pairing-store.js";
import { redisServerAvailable, startRedisServer } from "../test/helpers/redis-server.js";
import { writeResults } from "./lib/results.js";
import { median, round } from "./lib/stats.js";

/**
 * `npm run bench -- store`: the latency per message the Redis store adds against the file store,
 * both measured in the same run on this machine. Per message the gateway does, in order:
 * record + flush (stored before confirmed), markSending, markSent, markDone (+ flush, to time the
 * writes and not only their queueing), and `isApproved` (the pairing snapshot, in memory for both).
 * A pairing `reload` (a full read of pairing.json, or GET from Redis) is timed apart: the daemon
 * does one per change it is told of, not per message.
 * The file journal is durable (fdatasync per batch), as by default; Redis runs with AOF
 * (appendonly yes, appendfsync everysec), the setting docs/cluster.md asks for.
 */
export async function runStoreBench(
  options: { runs?: number; messages?: number } = {},
): Promise<{ table: string }> {
  const runs = options.runs ?? 5;
  const messages = options.messages ?? 2000;
  if (!redisServerAvailable()) {
    return { table: "store bench skipped: redis-server is not installed (apt-get install redis-server)" };
  }
  const redis = await startRedisServer({ appendOnly: true });
  const client = await connectRedis({ url: redis.url });
  const dir = mkdtempSync(join(tmpdir(), "wg-bench-store-"));
  const perRun: Array<Record<string, number>> = [];
  try {
    for (let run = 0; run < runs; run++) {
      const keys = redisKeys(`bench${run}`);
      const fileJournal = openJournal(join(dir, `run${run}.log`));
      const lightJournal = openJournal(join(dir, `light${run}.log`), { durable: false });
      const redisJournal = openRedisJournal({ client, keys, account: "bench" });
      const filePairing = createPairingStore({
        file: join(dir, `pairing${run}.json`),
        lockFile: join(dir, `pairing${run}.lock`),
      });
      const redisPairing = createPairingStoreOn(createRedisPairingDocument({ client, keys }), {});
      await Promise.all([fileJournal.ready(), redisJournal.ready(), seed(filePairing), seed(redisPairing)]);
      // Alternate which store goes first, so neither always runs on a warmer machine.
      const order =
        run % 2 === 0 ? (["file", "light", "redis"] as const) : (["redis", "light", "file"] as const);
      const result: Record<string, number> = {};
      for (const which of order) {
        const journal = { file: fileJournal, light: lightJournal, redis: redisJournal }[which];
        const pairing = which === "redis" ? redisPairing : filePairing;
        result[`${which}Message`] = await perMessage(journal, pairing, messages, run);
        if (which !== "light") result[`${which}Reload`] = await perReload(pairing, 200);
      }
      perRun.push(result);
      await Promise.all([fileJournal.close(), lightJournal.close(), redisJournal.close()]);
    }
  } finally {
    client.destroy();
    await redis.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const med = (k: string) => median(perRun.map((r) => r[k]!));
  const figures = {
    runs,
    messages,
    fileMessageUs: med("fileMessage"),
    fileNoSyncMessageUs: med("lightMessage"),
    redisMessageUs: med("redisMessage"),
    extraPerMessageUs: med("redisMessage") - med("fileMessage"),
    ratio: med("redisMessage") / med("fileMessage"),
    extraPerMessageNoSyncUs: med("redisMessage") - med("lightMessage"),
    ratioNoSync: med("redisMessage") / med("lightMessage"),
    fileReloadUs: med("fileReload"),
    redisReloadUs: med("redisReload"),
    perRun,
  };
  const table = writeResults("store", figures, {
    title: `Store latency per message: Redis against files (median of ${runs} runs × ${messages} messages)`,
    columns: ["operation", "files (µs)", "Redis (µs)", "Redis − files (µs)", "Redis / files"],
    rows: [
      compare(
        "per message: journal (record+flush, sending, sent, done+flush) + isApproved; files with fdatasync (default)",
        figures.fileMessageUs,
        figures.redisMessageUs,
      ),
      compare(
        "the same; files without fdatasync (what a process crash, not a power cut, needs)",
        figures.fileNoSyncMessageUs,
        figures.redisMessageUs,
      ),
      compare(
        "pairing reload (full read; once per change, not per message)",
        figures.fileReloadUs,
        figures.redisReloadUs,
      ),
    ],
    notes: [
      "Files: journal with fdatasync per recorded batch (the default). Redis: a local redis-server over TCP on 127.0.0.1 with appendonly yes, appendfsync everysec. One message at a time (latency, not throughput).",
    ],
  });
  return { table };
}

/** One table row: both figures, the difference and the ratio. */
function compare(label: string, files: number, redis: number): Array<string | number> {
  return [label, round(files, 1), round(redis, 1), round(redis - files, 1), round(redis / files, 2)];
}

/** Sequential messages through the journal as the gateway drives it; mean µs per message. */
async function perMessage(journal: Journal, pairing: PairingStore, n: number, run: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const id = run * 1_000_000 + i + 1;
    journal.record([update(id)]);
    await journal.flush();
    pairing.isApproved("bench", String(1000 + (i % 10)));
    journal.markSending(id, 0);
    journal.markSent(id, 0);
    journal.markDone(id);
    await journal.flush();
  }
  return ((performance.now() - started) * 1000) / n;
}

async function perReload(pairing: PairingStore, n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await pairing.reload();
  return ((performance.now() - started) * 1000) / n;
}

/** A realistic pairing document: a few approvals and pending requests. */
async function seed(store: PairingStore): Promise<void> {
  for (let user = 1000; user < 1010; user++) {
    const outcome = await store.request("bench", {
      account: "bench",
      updateId: user,
      messageId: user,
      chatId: user,
      chatType: "private",
      senderId: user,
      senderIsBot: false,
      text: "hello",
      date: 1_700_000_000,
      mentionsBot: false,
    } as never);
    if (outcome.kind === "created" && user < 1007) await store.approve(outcome.code, "bench");
  }
  await store.reload();
}

function update(id: number): Update {
  return {
    update_id: id,
    message: {
      message_id: id,
      date: 1_700_000_000,
      chat: { id: 1000 + (id % 10), type: "private", first_name: "U" },
      from: { id: 1000 + (id % 10), is_bot: false, first_name: "U" },
      text: "how do I restore a backup?",
    },
  };
}
