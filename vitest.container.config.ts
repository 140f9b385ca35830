import { defineConfig } from "vitest/config";

/**
 * `npm run test:container`: builds the Dockerfile with podman and runs the image against the
 * sandboxes. Kept out of `npm test` (whose include is test/**\/*.test.ts) by the *.container.ts suffix.
 */
export default defineConfig({
  test: {
    include: ["test/container/**/*.container.ts"],
    globalSetup: ["test/container/global-setup.ts"],
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
