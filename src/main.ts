// The entry point (bin/wiki-gateway.js runs it): one CLI invocation, its exit code for the process.
// First, before the modules below load: the young generation's size (see app/young-generation.ts).
import "./app/hold-young-generation.js";
import { runCli } from "./cli/run-cli.js";

process.exitCode = await runCli(process.argv.slice(2));
