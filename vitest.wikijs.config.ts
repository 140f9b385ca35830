import { defineConfig } from "vitest/config";

/** The contract suite against a real Wiki.js 2.5: `npm run test:wikijs` (scripts/test-wikijs.mjs). */
export default defineConfig({
  test: {
    include: ["test/wikijs/**/*.wikijs.ts"],
    globalSetup: ["test/wikijs/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 900_000,
    teardownTimeout: 60_000,
  },
});
