import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // The CLI loads the sandbox package by name (dynamic import); in tests, from its sources.
    alias: {
      "@wiki-gateway/sandbox": fileURLToPath(new URL("packages/sandbox/src/index.ts", import.meta.url)),
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    // Say which tests need a tool this machine lacks (Chromium, mount permission): before, and after the summary.
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "./test/not-run-reporter.ts"],
  },
});
