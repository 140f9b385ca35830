// Preloaded with `node --import <this file>`: appends the URL of every module the process loads
// (ESM imports and CommonJS entry points alike) to the file named by MODULE_LOG.
import { register } from "node:module";

register("./module-log-hooks.mjs", import.meta.url);
