import type { CliCode } from "./cli-codes.js";
import { GatewayError } from "../errors.js";

/**
 * What the CLI runs from the sandbox package (`@wiki-gateway/sandbox`, packages/sandbox in a
 * repository checkout): the demo and the two stand-ins. The package implements this contract; the
 * product never imports it statically, so an installation without it (the container image) still
 * has every other command. The package's entry exports it as `sandboxPackage`.
 */
export interface SandboxPackage {
  startDemo(options: DemoOptions): Promise<RunningDemo>;
  startTelegramSandbox(options: TelegramStandInOptions): Promise<RunningStandIn>;
  startWikiSandbox(options: WikiStandInOptions): Promise<RunningStandIn>;
}

export interface DemoOptions {
  /** The demo's own folder (state, wiki data, generated gateway.json); nothing outside is touched. */
  dir: string;
  /** The daemon's operations port; taken (or 0): a free one, printed. */
  httpPort: number;
  /** The chat page's port; taken (or 0): a free one, printed. */
  webPort: number;
  out: (text: string) => void;
  /** Stops the demo (Ctrl-C in the terminal, or a test). */
  signal: AbortSignal;
  /** Daemon output: "pipe" (default) writes its log to `<dir>/daemon.log`; "inherit" shows it in the terminal. */
  daemonOutput?: "inherit" | "pipe";
  logFormat?: "pretty" | "json";
  /** An OpenAI-compatible model server for the demo's agents (`--model-url`); "" or absent: no model. */
  modelUrl?: string;
  /** The model id there; "" or absent: the first the server lists. */
  modelId?: string;
  /**
   * Starts the sandbox's model stand-in for the agents (`--stand-in-model`, unless a `modelUrl` is
   * given): replies made from the prompt, streamed at a reading pace, so the chat page shows
   * answers being written without a model server.
   */
  standInModel?: boolean;
}

export interface RunningDemo {
  webUrl: string;
  httpUrl: string;
  /** Resolves with the exit code once everything stopped. */
  done: Promise<number>;
}

export interface TelegramStandInOptions {
  port: number;
  host: string;
  /** A world file (bots, users, groups); the seven reference bots, user Ada and a group when absent. */
  worldFile?: string;
}

export interface WikiStandInOptions {
  port: number;
  host: string;
  /** Pages, keys and the signing secret persist here. */
  dataDir: string;
  /** Receives a new full-access API key (mode 0600). */
  tokenFile: string;
  /** Markdown files of this folder are added (or replaced) as pages before listening. */
  seedDir?: string;
  /**
   * Seed the tldr corpus (TLDR_DIR or ../shared/corpus/tldr) under `tldr/`, and its Russian,
   * German, Spanish and Chinese translations under their locales when they are there too
   * (TLDR_I18N_DIR or ../shared/corpus/tldr-i18n), as the demo does. A missing corpus is an error
   * saying how to get it.
   */
  tldr?: boolean;
}

export interface RunningStandIn {
  /** What to print: the URLs to use, and for Telegram every bot's token (a local stand-in's, not a secret). */
  banner: string;
  /** Stops listening; pending changes are written first. */
  close(): Promise<void>;
}

/** The package's name; a variable, so that TypeScript does not resolve (and require) it when building the product. */
const SANDBOX_PACKAGE: string = "@wiki-gateway/sandbox";

/** `demo` or `sandbox` run where the sandbox package is missing (`installed` false) or not built. */
export class SandboxMissingError extends GatewayError<CliCode> {
  constructor(installed: boolean, options?: { cause?: unknown }) {
    super(
      "sandbox-not-installed",
      installed
        ? `the sandbox package (${SANDBOX_PACKAGE}) is installed but not built`
        : `the demo and the sandboxes are not part of this installation (package ${SANDBOX_PACKAGE})`,
      installed
        ? "run `npm run build` at the repository's root"
        : "run them from a repository checkout: `npm ci && npm run build`, then `npx wiki-gateway demo`",
      options,
    );
  }
}

/** Loads the sandbox package; a SandboxMissingError says how to get it when it is not there. */
export async function loadSandbox(): Promise<SandboxPackage> {
  try {
    return ((await import(SANDBOX_PACKAGE)) as { sandboxPackage: SandboxPackage }).sandboxPackage;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    // "Cannot find package '@wiki-gateway/sandbox'" when not installed; one of its own files otherwise.
    const installed = !String((error as Error).message).includes(`'${SANDBOX_PACKAGE}'`);
    throw new SandboxMissingError(installed, { cause: error });
  }
}
