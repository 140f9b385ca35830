import { holdYoungGeneration } from "./young-generation.js";

// Imported first by main.ts, before the other modules load: the young generation is held from the
// start (see app/young-generation.ts; the daemon releases it when real work begins). NODE_OPTIONS is
// Node's own variable, not a gateway setting: read to respect a size chosen there.
holdYoungGeneration(process.execArgv, process.env.NODE_OPTIONS);
