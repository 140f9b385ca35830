// The entry point (bin/wiki-gateway.js runs it): one CLI invocation, its exit code for the process.
// First, before the modules below load: V8's flags for the start (cli/hold-start.ts: the young
// generation's size, and for `ask` with one question the optimizing compilers held off).
import "./cli/hold-start.js";
import { runCli } from "./cli/run-cli.js";

process.exitCode = await runCli(process.argv.slice(2));
