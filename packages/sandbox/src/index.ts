import type { SandboxPackage } from "../../../src/cli/sandbox-package.js";
import { startDemo } from "./demo/run-demo.js";
import { startTelegramSandbox } from "./standalone/telegram.js";
import { startWikiSandbox } from "./standalone/wiki.js";

/** The package's entry as the CLI loads it (`wiki-gateway demo`, `wiki-gateway sandbox ...`). */
export const sandboxPackage: SandboxPackage = { startDemo, startTelegramSandbox, startWikiSandbox };
