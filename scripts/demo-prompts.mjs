#!/usr/bin/env node
// The prompts the demo sends a model for its own questions (the chat page's example buttons, the
// banner's suggestions, and a Russian question), one `{"key", "messages"}` line each: what a
// recording agent is shown to write packages/sandbox/fixtures/demo-model-replies.jsonl
// (docs/models.md, "The demo's stand-in model"). Run after `npm run build`:
// `node scripts/demo-prompts.mjs [OUT]` (default packages/sandbox/fixtures/demo-model-prompts.jsonl).
// It runs the demo as `npm run demo` seeds it (TLDR_DIR, or ../shared/corpus/tldr, and their
// translations) in a fresh folder it removes at the end, its model a sandbox model that records.
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startQuietDemo } from "./quiet-demo.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const sandbox = join(root, "packages/sandbox/dist/packages/sandbox/src");
const { createSandboxModel } = await import(join(sandbox, "model/index.js"));
const { readReplayFixture } = await import(join(sandbox, "model/replay-fixture.js"));
const { DEMO_MODEL_FIXTURE } = await import(join(sandbox, "demo/run-demo.js"));
const out = resolve(process.argv[2] ?? join(root, "packages/sandbox/fixtures/demo-model-prompts.jsonl"));

// Replies already recorded are replayed, so that a grounded-answer prompt is the one built on the
// recorded rewrite; only the prompts without a recorded reply are written.
const fixture = existsSync(DEMO_MODEL_FIXTURE) ? readReplayFixture(DEMO_MODEL_FIXTURE) : undefined;
const model = createSandboxModel({ echo: { chunkDelayMs: 0 }, ...(fixture ? { fixture } : {}) });
const modelUrl = await model.listen();
const dir = await mkdtemp(join(tmpdir(), "demo-prompts-"));
const stop = new AbortController();
const demo = await startQuietDemo(dir, stop.signal, { modelUrl });
try {
  // The whole tldr corpus can take longer to index than the demo waits: ask once the index is built
  // (before, answers come from the wiki's own search, without the model).
  for (let waited = 0; (await fetch(`${demo.httpUrl}/readyz`)).status !== 200; waited += 1000) {
    if (waited > 600_000) throw new Error("the gateway was not ready within 10 minutes");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const info = await (await fetch(`${demo.webUrl}/demo/info`)).json();
  const questions = [...info.examples.map((e) => e.question), "как взять отпуск?"];
  const bot = "acme_wiki_bot";
  let since = 0;
  for (const text of questions) {
    await post(`${demo.webUrl}/__sandbox/say`, { from: info.allowedUser, bot, text });
    // The answer is sent once the model's replies are in: then every prompt of it was received.
    const sent = await (
      await fetch(`${demo.webUrl}/__sandbox/sent?bot=${bot}&since=${since}&wait=30000`)
    ).json();
    if (sent.length === 0) throw new Error(`no answer to "${text}" within 30 s`);
    since = Math.max(...sent.map((m) => m.seq));
  }
  const byKey = new Map(
    model
      .received()
      .filter((r) => fixture?.reply(r.key) === undefined)
      .map((r) => [r.key, r.messages]),
  );
  await writeFile(
    out,
    [...byKey].map(([key, messages]) => `${JSON.stringify({ key, messages })}\n`).join(""),
  );
  process.stdout.write(
    `${byKey.size} prompts without a recorded reply, of ${questions.length} questions, written to ${out}\n`,
  );
} finally {
  stop.abort();
  await demo.done;
  await model.close();
  await rm(dir, { recursive: true, force: true });
}

async function post(url, body) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
}
