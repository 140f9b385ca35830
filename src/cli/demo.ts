import { join } from "node:path";
import { loadSettings } from "../config/settings.js";
import { type Command, parseFlags, SETTINGS_FLAGS, settingsArgs, UsageError } from "./command.js";
import { loadSandbox } from "./sandbox-package.js";

const usage =
  "wiki-gateway demo [--dir DIR] [--web-port N] [--http-port N] [--model-url URL | --stand-in-model]";
const FLAGS = {
  ...SETTINGS_FLAGS,
  dir: { type: "string" },
  "web-port": { type: "string" },
  "stand-in-model": { type: "boolean" },
} as const;

/** The chat page's and the daemon's default ports; when taken, the demo picks free ones and prints them. */
const DEFAULT_WEB_PORT = 8090;
const DEFAULT_HTTP_PORT = 8080;

/**
 * `demo`: the whole product on embedded defaults, on 127.0.0.1: sandbox wiki, sandbox Telegram with
 * the seven accounts, the real daemon and a chat page. Ctrl-C stops everything. Its files live in
 * `<state dir>/demo` (or --dir) and nowhere else. It comes with the sandbox package (a repository
 * checkout); without it, the command says how to get it.
 */
export const demoCommand: Command = {
  name: "demo",
  summary: "run the whole product locally (sandbox Telegram + sandbox wiki + the daemon + a chat page)",
  usage,
  flags: FLAGS,
  async run(args, io) {
    const { values } = parseFlags(args, FLAGS, usage, false);
    const settings = loadSettings(settingsArgs(values), io.env);
    const webPort = Number(values["web-port"] ?? DEFAULT_WEB_PORT);
    if (!Number.isInteger(webPort) || webPort < 0 || webPort > 65535) {
      throw new UsageError(`--web-port must be a port number (0 for any free port)`, usage);
    }
    const { startDemo } = await loadSandbox();
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    try {
      const demo = await startDemo({
        dir: values.dir ?? join(settings.stateDir, "demo"),
        httpPort: values["http-port"] ? settings.httpPort : DEFAULT_HTTP_PORT,
        webPort,
        out: io.out,
        signal: controller.signal,
        logFormat: "pretty",
        modelUrl: settings.modelUrl,
        modelId: settings.modelId,
        standInModel: values["stand-in-model"] === true,
      });
      return await demo.done;
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  },
};
