// The entry point (bin/wiki-gateway.js runs it): one CLI invocation, its exit code for the process.
import { runCli } from "./cli/run-cli.js";

process.exitCode = await runCli(process.argv.slice(2));
