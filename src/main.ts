// The entry point (bin/wiki-gateway.js runs it): one CLI invocation, its exit code for the process.
// First, before the modules below load: the young generation's size (see app/young-generation.ts),
// and for `ask` with one question, V8's optimizing compilers held off (cli/hold-compilers.ts).
import "./app/hold-young-generation.js";
import "./cli/hold-compilers.js";
import { runCli } from "./cli/run-cli.js";

process.exitCode = await runCli(process.argv.slice(2));
