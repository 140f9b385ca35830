import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { registerBacklogMetrics } from "../../../src/http/backlog-metrics.js";
import { createMetrics } from "../../../src/http/metrics.js";
import { createModelMetrics } from "../../../src/http/model-metrics.js";
import { createSpeechMetrics } from "../../../src/http/speech-metrics.js";

/** docs/operations.md, "Metrics": every metric the daemon registers is named there. */
const page = readFileSync(new URL("../../../docs/operations.md", import.meta.url), "utf8");
const section = page.slice(page.indexOf("## Metrics"), page.indexOf("\n## ", page.indexOf("## Metrics") + 1));

describe("docs/operations.md: metrics", () => {
  it("names every metric of the registry, the process metrics by their prefix", async () => {
    const { registry } = createMetrics();
    // Registered beside them by app/wire-accounts.ts and the model wiring.
    registerBacklogMetrics(registry, () => []);
    createModelMetrics(registry);
    createSpeechMetrics(registry);
    const names = (await registry.getMetricsAsJSON()).map((metric) => metric.name);
    expect(names.length).toBeGreaterThan(20);
    const own = names.filter((name) => !name.startsWith("wiki_gateway_process_"));
    expect(own.filter((name) => !section.includes(`\`${name}`))).toEqual([]);
    expect(section).toContain("`wiki_gateway_process_*`");
  });
});
