import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { DemoOptions, RunningDemo } from "../../../../src/cli/sandbox-package.js";
import { errorMessage, isGatewayError } from "../../../../src/errors.js";
import { createPairingStore } from "../../../../src/policy/pairing-store.js";
import { createStateLayout } from "../../../../src/state/layout.js";
import { projectRoot, sandboxRoot } from "../project-root.js";
import { createSandboxModel, readReplayFixture } from "../model/index.js";
import { createTelegramSandbox } from "../telegram/index.js";
import { createDemoWebServer } from "../web/web-server.js";
import { createWikiView } from "../web/wiki-view.js";
import { createSandboxWiki } from "../wiki/index.js";
import { demoBanner, type DemoModel } from "./demo-banner.js";
import { demoHoldings, demoWikiContent } from "./demo-content.js";
import { createDemoWorld, DEMO_ALLOWED } from "./demo-setup.js";
import { demoExamples } from "./demo-examples.js";
import { pickPort } from "./ports.js";
import { waitReady } from "./wait-ready.js";

export type { DemoOptions, RunningDemo };

const ROOT = projectRoot();
const BIN = join(ROOT, "bin", "wiki-gateway.js");
const WEB_DIR = join(sandboxRoot(), "dist", "web");
/**
 * The stand-in model's recorded replies for the demo's own questions (docs/models.md, "The demo's
 * stand-in model"); a prompt it does not hold gets echo-reply.ts's reply.
 */
export const DEMO_MODEL_FIXTURE = join(sandboxRoot(), "fixtures", "demo-model-replies.jsonl");

/**
 * Starts the whole product on 127.0.0.1: the sandbox wiki seeded with the project's documentation,
 * the Telegram sandbox with the seven accounts, the real daemon (`start`, a child process) with a
 * generated gateway.json, and the chat page. Stopping the signal stops everything cleanly.
 */
export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const dir = resolve(options.dir);
  for (const built of [join(ROOT, "dist", "src"), join(WEB_DIR, "chat.js")]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` at the root first`);
  }
  const stateDir = join(dir, "state");
  const wiki = createSandboxWiki({ dataDir: join(dir, "wiki") });
  const wikiUrl = await wiki.listen();
  // Seeded once: a kept demo folder keeps the pages (and the edits made in the demo).
  const content = wiki.pageCount() === 0 ? await demoWikiContent(ROOT) : undefined;
  if (content) wiki.seed(content);
  // What the wiki holds, seeded now or kept: the examples and the banner suggest only what it answers.
  const holds = demoHoldings(wiki.pageCount);
  const examples = demoExamples(holds.tldr > 0, holds.translations > 0);
  const wikiTokenFile = join(dir, "secrets", "wiki.token");
  const telegram = createTelegramSandbox();
  const apiRoot = await telegram.listen();
  const world = await createDemoWorld(telegram, dir);
  await writeFile(wikiTokenFile, wiki.issueKey(), { mode: 0o600 });

  const layout = createStateLayout(stateDir);
  const pairing = createPairingStore({ file: layout.pairingFile, lockFile: layout.pairingLock });
  const web = createDemoWebServer({
    webDir: WEB_DIR,
    wiki: createWikiView({ wikiUrl, token: async () => (await readFile(wikiTokenFile, "utf8")).trim() }),
    sandboxUrl: apiRoot,
    info: () => ({
      accounts: world.accounts,
      allowedUser: world.userId,
      allowedOn: DEMO_ALLOWED,
      groupId: world.groupId,
      examples,
    }),
    approve: async (code, account) => {
      try {
        const approval = await pairing.approve(code, account);
        return { ok: true, message: `approved user ${approval.userId} on ${account}` };
      } catch (error) {
        return {
          ok: false,
          message: isGatewayError(error) ? `${error.message} (${error.remedy})` : errorMessage(error),
        };
      }
    },
  });
  const webPort = await pickPort(options.webPort);
  const webUrl = await web.listen(webPort.port);
  const httpPort = await pickPort(options.httpPort);
  const notes = [webPort, httpPort].flatMap((p, i) =>
    p.fellBack ? [`  (port ${i === 0 ? options.webPort : options.httpPort} was taken: using ${p.port})`] : [],
  );

  const standIn = options.standInModel && !options.modelUrl ? demoStandIn() : undefined;
  const modelUrl = standIn ? await standIn.model.listen() : options.modelUrl;
  const model: DemoModel = standIn
    ? { kind: "stand-in", recorded: standIn.recorded }
    : modelUrl
      ? { kind: "server", url: modelUrl }
      : { kind: "none" };
  const logFile = join(dir, "daemon.log");
  const daemon: ChildProcess = spawn(process.execPath, [BIN, "start"], {
    env: {
      ...process.env,
      GATEWAY_CONFIG: world.configPath,
      GATEWAY_STATE_DIR: stateDir,
      GATEWAY_HTTP_HOST: "127.0.0.1",
      GATEWAY_HTTP_PORT: String(httpPort.port),
      // The wiki as the gateway and its readers see it: on the chat page's origin, so the page
      // links in answers open there (the sandbox wiki itself serves GraphQL only).
      WIKI_URL: webUrl,
      WIKI_TOKEN_FILE: wikiTokenFile,
      TELEGRAM_API_ROOT: apiRoot,
      LOG_FORMAT: options.logFormat ?? "pretty",
      WIKI_INDEX_REFRESH_SECONDS: "10",
      // Without --model-url the demo answers without a model, whatever the shell's MODEL_URL.
      MODEL_URL: modelUrl ?? "",
      MODEL_ID: standIn ? "" : (options.modelId ?? ""),
    },
    stdio: ["ignore", options.daemonOutput ?? "pipe", options.daemonOutput ?? "pipe"],
    // Its own process group: Ctrl-C reaches only the demo, which then stops the daemon with one
    // SIGTERM (a second signal would make the daemon exit at once).
    detached: true,
  });
  const exited = daemonExit(daemon);
  if (daemon.stdout && daemon.stderr) {
    // Drained into a file (one per run): an unread pipe would fill up and block the daemon.
    const log = createWriteStream(logFile);
    daemon.stdout.pipe(log, { end: false });
    daemon.stderr.pipe(log, { end: false });
    void exited.then(() => log.end());
  }
  const killOnExit = () => daemon.kill("SIGKILL");
  process.once("exit", killOnExit);
  const httpUrl = `http://127.0.0.1:${httpPort.port}`;
  const aborted = new Promise<void>((resolveAbort) => {
    if (options.signal.aborted) resolveAbort();
    options.signal.addEventListener("abort", () => resolveAbort(), { once: true });
  });
  options.out("starting the demo: building the search index...\n");
  // The whole tldr corpus takes a while to index on a small machine.
  const ready = await waitReady(httpUrl, Promise.race([exited, aborted]), 180_000);

  if (daemon.exitCode !== null || daemon.signalCode !== null) {
    // It stopped before it was ready: its log says why, and nobody is watching the file yet.
    const tail = (await readFile(logFile, "utf8").catch(() => "")).trimEnd().split("\n").slice(-20);
    options.out(`the gateway exited before it was ready; the end of ${logFile}:\n${tail.join("\n")}\n`);
  } else {
    const kept = content === undefined;
    options.out(
      demoBanner({
        webUrl,
        httpUrl,
        wikiUrl,
        apiRoot,
        dir,
        logFile,
        holds,
        kept,
        examples,
        model,
        ready,
        notes,
      }),
    );
  }

  const done = (async () => {
    await Promise.race([exited, aborted]);
    if (daemon.exitCode === null && daemon.signalCode === null) daemon.kill("SIGTERM");
    const kill = setTimeout(() => daemon.kill("SIGKILL"), 15_000);
    const code = await exited;
    clearTimeout(kill);
    process.off("exit", killOnExit);
    await web.close();
    await standIn?.model.close();
    await telegram.close();
    await wiki.close();
    options.out(`demo stopped (gateway exit code ${code})\n`);
    return options.signal.aborted ? 0 : code;
  })();
  return { webUrl, httpUrl, done };
}

/**
 * The stand-in model (`--stand-in-model`): the recorded replies of DEMO_MODEL_FIXTURE, else a reply
 * made from the prompt; streamed a word every 150 ms (a reading pace).
 */
function demoStandIn() {
  const fixture = existsSync(DEMO_MODEL_FIXTURE) ? readReplayFixture(DEMO_MODEL_FIXTURE) : undefined;
  const model = createSandboxModel({ ...(fixture ? { fixture } : {}), echo: { chunkDelayMs: 150 } });
  return { model, recorded: fixture?.size() ?? 0 };
}

function daemonExit(daemon: ChildProcess): Promise<number> {
  return new Promise<number>((resolveExit) => {
    if (daemon.exitCode !== null || daemon.signalCode !== null) {
      resolveExit(daemon.exitCode ?? 1);
      return;
    }
    daemon.once("close", (code, signal) => resolveExit(code ?? (signal ? 1 : 0)));
  });
}
