import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints, after vitest's summary, one line per test that did not run because this machine lacks a
 * tool (the skipped tests named "not run: ..." by describeWhere), with its file, so that a green
 * `npm test` never hides what it left out.
 */
export default class NotRunReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests("skipped")) {
        if (test.name.startsWith("not run:")) lines.push(`  ${module.relativeModuleId}: ${test.name}`);
      }
    }
    if (lines.length > 0) process.stdout.write(`\n${lines.join("\n")}\n\n`);
  }
}
