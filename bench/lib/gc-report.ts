/**
 * Preloaded into a benchmarked process (`node --expose-gc --import …/gc-report.js`): on SIGUSR2 it
 * forces a full garbage collection and writes one line `{"benchHeap":{…}}` to stderr with the
 * memory that survived it (bytes). The product knows nothing of it.
 */
process.on("SIGUSR2", () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const m = process.memoryUsage();
  const benchHeap = {
    forced: gc !== undefined,
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
  process.stderr.write(`${JSON.stringify({ benchHeap })}\n`);
});
