import { NEEDS, type Need, requiredHere } from "./helpers/needs.js";

/**
 * Once per `npm test`, before the tests: says which machine features are missing here, and so
 * which tests will not run (or, under CI=true, will fail). After the run, not-run-reporter lists
 * those tests by file.
 */
export default function setup(): void {
  const missing: Need[] = Object.values(NEEDS).filter((need) => !need.available());
  if (missing.length === 0) return;
  const lines = requiredHere()
    ? missing.map(
        (need) => `CI=true: ${need.what} is missing, so the tests that need it FAIL (${need.install})`,
      )
    : missing.map(
        (need) =>
          `${need.what} is missing: the tests that need it do not run here (listed at the end); bash .ci/run runs everything`,
      );
  process.stdout.write(`\n${lines.map((l) => `  ${l}`).join("\n")}\n\n`);
}
