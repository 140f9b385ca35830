#!/usr/bin/env node
// The installed command: runs the compiled entry point.
import "../dist/src/main.js";
