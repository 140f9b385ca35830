import { createSandboxModel } from "../packages/sandbox/src/model/index.js";

/**
 * The hostile model server of `model-flood`, in a process of its own (so that writing 50 MB costs
 * the measured process nothing): every chat completion is answered with `oversizedMb` megabytes.
 * Prints its base URL on stdout.
 */
const server = createSandboxModel({ models: ["flood"] });
server.setDefault({ oversizedMb: 50, content: "tar extract archive [1]." });
process.stdout.write(`${await server.listen()}\n`);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
