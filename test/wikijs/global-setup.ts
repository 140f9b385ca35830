import { readFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { installFixture } from "./fixture.js";
import { type RealWikiInfo, startRealWiki, type WikiDatabase } from "./wikijs-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    wikijs: RealWikiInfo;
  }
}

/**
 * Installs the Wiki.js fixture (cached), starts it with a fresh WIKIJS_DB database (sqlite or
 * postgres), and hands its address and keys to the tests. WIKIJS_TARGET_FILE (a JSON
 * RealWikiInfo) points the tests at a wiki already running instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const log = (line: string) => process.stderr.write(`[wikijs] ${line}\n`);
  if (process.env.WIKIJS_TARGET_FILE) {
    project.provide(
      "wikijs",
      JSON.parse(readFileSync(process.env.WIKIJS_TARGET_FILE, "utf8")) as RealWikiInfo,
    );
    return async () => {};
  }
  const db = (process.env.WIKIJS_DB ?? "sqlite") as WikiDatabase;
  if (db !== "sqlite" && db !== "postgres")
    throw new Error(`WIKIJS_DB must be sqlite or postgres, not ${db}`);
  let started = performance.now();
  const dir = installFixture(log);
  log(`fixture ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const wiki = await startRealWiki(dir, db, log);
  log(`${db} wiki set up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { stop, ...info } = wiki;
  project.provide("wikijs", info);
  return stop;
}
