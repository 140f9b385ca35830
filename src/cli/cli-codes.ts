import type { ErrorCatalogue } from "../errors.js";

/** The command line's own codes (docs/errors.md); a command also shows the codes of the layers it runs. */
export const CLI_CODES = {
  usage: {
    meaning: "the command line is not one the command accepts",
    remedy: "follow the usage line shown (`wiki-gateway help COMMAND`)",
  },
  "status-unreachable": {
    meaning: "`status` cannot reach the daemon's operations endpoint",
    remedy: "check that the daemon runs and give its address with --http-port N or --url http://HOST:PORT",
  },
  "status-http": {
    meaning: "the address `status` asked answered an HTTP error, not the gateway's status",
    remedy: "check that the address is the gateway's operations endpoint",
  },
  "status-malformed": {
    meaning: "the address `status` asked did not answer a gateway status",
    remedy:
      "run the CLI of the same version as the daemon, and check that the address is the gateway's operations endpoint",
  },
  "config-http-port-unknown": {
    meaning: "GATEWAY_HTTP_PORT is 0 (any free port), so `status` cannot know the daemon's port",
    remedy:
      'give the port the daemon logged ("operations endpoint listening") with --http-port N or --url http://HOST:PORT',
  },
  "config-state-dir-missing": {
    meaning: "the state directory a command reads does not exist",
    remedy:
      "point --state-dir (or GATEWAY_STATE_DIR) at the gateway's state directory, the one `wiki-gateway start` uses",
  },
  "sandbox-not-installed": {
    meaning: "the sandbox package (the Telegram and Wiki.js stand-ins) is not installed or not built",
    remedy:
      "run them from a repository checkout: `npm ci && npm run build`, then `npx wiki-gateway demo` (in a checkout: `npm run build` at its root)",
  },
  "stop-deadline-passed": {
    meaning:
      "a stop did not end within GATEWAY_STOP_TIMEOUT_MS and a few seconds: the process exits 1, naming what was pending",
    remedy:
      "nothing is lost (unfinished updates stay in the journal); see the parts named in `pending` and the warnings before this line for what hung",
  },
} as const satisfies ErrorCatalogue;

export type CliCode = keyof typeof CLI_CODES;
