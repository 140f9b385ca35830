// The first module the process runs, before any other of the product loads: main.ts imports it
// first, and for `ask` bin/wiki-gateway.js runs it (linked, dist/bundle/hold-start.js) before
// main, whose linked chunks would otherwise load first. It sets V8's flags for the start: the young
// generation held (app/young-generation.ts), and for `ask` with one question the optimizing
// compilers held off (hold-compilers.ts).
import "../app/hold-young-generation.js";
import "./hold-compilers.js";
