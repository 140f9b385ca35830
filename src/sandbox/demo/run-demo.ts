import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { errorMessage, isGatewayError } from "../../errors.js";
import { createPairingStore } from "../../policy/pairing-store.js";
import { createStateLayout } from "../../state/layout.js";
import { createTelegramSandbox } from "../telegram/index.js";
import { createDemoWebServer } from "../web/web-server.js";
import { createSandboxWiki } from "../wiki/index.js";
import { projectDocsAsPages } from "./demo-docs.js";
import { createDemoWorld, DEMO_ALLOWED, tldrPages } from "./demo-setup.js";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const BIN = join(ROOT, "bin", "wiki-gateway.js");

export interface DemoOptions {
  /** The demo's own folder (state, wiki data, generated gateway.json); nothing outside is touched. */
  dir: string;
  httpPort: number;
  webPort: number;
  out: (text: string) => void;
  /** Stops the demo (Ctrl-C in the terminal, or a test). */
  signal: AbortSignal;
  /** Daemon output: "inherit" shows its (pretty) log in the terminal. */
  daemonOutput?: "inherit" | "pipe";
  logFormat?: "pretty" | "json";
}

export interface RunningDemo {
  webUrl: string;
  httpUrl: string;
  /** Resolves with the exit code once everything stopped. */
  done: Promise<number>;
}

/**
 * Starts the whole product on 127.0.0.1: the sandbox wiki seeded with the project's documentation,
 * the Telegram sandbox with the seven accounts, the real daemon (`start`, a child process) with a
 * generated gateway.json, and the chat page. Stopping the signal stops everything cleanly.
 */
export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const dir = resolve(options.dir);
  const stateDir = join(dir, "state");
  const wiki = createSandboxWiki({ dataDir: join(dir, "wiki") });
  const wikiUrl = await wiki.listen();
  if (wiki.pageCount() === 0) {
    wiki.seed(await projectDocsAsPages(ROOT));
    wiki.seed(await tldrPages(join(ROOT, "..", "shared", "corpus", "tldr")));
  }
  const wikiTokenFile = join(dir, "secrets", "wiki.token");
  const telegram = createTelegramSandbox();
  const apiRoot = await telegram.listen();
  const world = await createDemoWorld(telegram, dir);
  await writeFile(wikiTokenFile, wiki.issueKey(), { mode: 0o600 });

  const layout = createStateLayout(stateDir);
  const pairing = createPairingStore({ file: layout.pairingFile, lockFile: layout.pairingLock });
  const web = createDemoWebServer({
    webDir: join(ROOT, "dist", "web"),
    sandboxUrl: apiRoot,
    info: () => ({ accounts: world.accounts, allowedOn: DEMO_ALLOWED, groupId: world.groupId }),
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
  const webUrl = await web.listen(options.webPort);

  const daemon: ChildProcess = spawn(process.execPath, [BIN, "start"], {
    env: {
      ...process.env,
      GATEWAY_CONFIG: world.configPath,
      GATEWAY_STATE_DIR: stateDir,
      GATEWAY_HTTP_HOST: "127.0.0.1",
      GATEWAY_HTTP_PORT: String(options.httpPort),
      WIKI_URL: wikiUrl,
      WIKI_TOKEN_FILE: wikiTokenFile,
      TELEGRAM_API_ROOT: apiRoot,
      LOG_FORMAT: options.logFormat ?? "pretty",
      WIKI_INDEX_REFRESH_SECONDS: "10",
    },
    stdio: ["ignore", options.daemonOutput ?? "inherit", options.daemonOutput ?? "inherit"],
    // Its own process group: Ctrl-C reaches only the demo, which then stops the daemon with one
    // SIGTERM (a second signal would make the daemon exit at once).
    detached: true,
  });
  const killOnExit = () => daemon.kill("SIGKILL");
  process.once("exit", killOnExit);
  const daemonExit = new Promise<number>((resolveExit) => {
    daemon.on("exit", (code, signal) => resolveExit(code ?? (signal ? 1 : 0)));
  });
  const httpUrl = `http://127.0.0.1:${options.httpPort}`;

  options.out(
    [
      "",
      "wiki-gateway demo is running:",
      `  chat page        ${webUrl}`,
      `  gateway status   ${httpUrl}/status   (also /healthz /readyz /metrics)`,
      `  sandbox wiki     ${wikiUrl}/graphql`,
      `  sandbox Telegram ${apiRoot}`,
      `  demo folder      ${dir}`,
      "",
      `Ada is allowed on ${DEMO_ALLOWED.join(", ")}; on the other bots she gets a pairing code (approve it on the page).`,
      "In the group, mention @acme_wiki_bot. Press Ctrl-C to stop.",
      "",
    ].join("\n"),
  );

  const done = (async () => {
    await new Promise<void>((resolveStop) => {
      if (options.signal.aborted) resolveStop();
      options.signal.addEventListener("abort", () => resolveStop(), { once: true });
      void daemonExit.then(() => resolveStop());
    });
    if (daemon.exitCode === null && daemon.signalCode === null) daemon.kill("SIGTERM");
    const kill = setTimeout(() => daemon.kill("SIGKILL"), 15_000);
    const code = await daemonExit;
    clearTimeout(kill);
    process.off("exit", killOnExit);
    await web.close();
    await telegram.close();
    await wiki.close();
    options.out(`demo stopped (gateway exit code ${code})\n`);
    return options.signal.aborted ? 0 : code;
  })();
  return { webUrl, httpUrl, done };
}
