#!/usr/bin/env node
// Entry point of the installed command: runs the compiled CLI.
import { runCli } from "../dist/src/cli/run-cli.js";

process.exitCode = await runCli(process.argv.slice(2));
