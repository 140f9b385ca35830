import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The real Wiki.js 2.5 server used by the contract suite: a test fixture beside the project
 * (AGPL-3.0), copied into a cache directory, installed there with yarn 1 and run as a separate
 * process. Nothing of it is copied into the project; the two files it needs to serve page URLs
 * without its browser client (a minimal Pug layout and a favicon) are written here.
 */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const VERSION = "2.5.314";

/** Where the unmodified server source is: WIKIJS_SOURCE, else ../shared/wikijs/2.5.314. */
export function fixtureSource(env = process.env): string {
  return resolve(env.WIKIJS_SOURCE ?? join(REPO, "..", "shared", "wikijs", VERSION));
}

/** The cache of installed copies: WIKIJS_CACHE, else ~/.cache/wiki-gateway/wikijs. */
export function fixtureCache(env = process.env): string {
  return resolve(env.WIKIJS_CACHE ?? join(homedir(), ".cache", "wiki-gateway", "wikijs"));
}

export function fixturePresent(env = process.env): boolean {
  return existsSync(join(fixtureSource(env), "server", "index.js"));
}

const MASTER_PUG = ["doctype html", "html", "  head", "    block head", "  body", "    block body", ""].join(
  "\n",
);

/** The lockfile decides whether a cached install is still the right one. */
function lockHash(source: string): string {
  return createHash("sha256")
    .update(readFileSync(join(source, "yarn.lock")))
    .digest("hex")
    .slice(0, 16);
}

function yarnCommand(): string[] {
  const found = spawnSync("yarn", ["--version"], { encoding: "utf8" });
  if (found.status === 0 && found.stdout.startsWith("1.")) return ["yarn"];
  // Plain `yarn` from npm is 2.x; the lockfile is yarn 1's.
  return ["npx", "--yes", "yarn@1"];
}

/**
 * An installed copy, ready to run (`node server` in it): reused from the cache when its lockfile
 * matches, else copied and installed (about 800 MB; sqlite3 compiles from source for minutes).
 * The copy is installed beside its final place and renamed into it, so an interrupted install is
 * never mistaken for a finished one.
 */
export function installFixture(log: (line: string) => void, env = process.env): string {
  const source = fixtureSource(env);
  const cache = fixtureCache(env);
  const target = join(cache, VERSION);
  const marker = join(target, ".wiki-gateway-installed");
  const wanted = lockHash(source);
  if (existsSync(marker) && readFileSync(marker, "utf8").trim() === wanted) {
    writeLayout(target);
    return target;
  }
  mkdirSync(cache, { recursive: true });
  const partial = join(cache, `${VERSION}.partial-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  log(`installing Wiki.js ${VERSION} into ${target} (yarn install; several minutes on a cold cache)`);
  cpSync(source, partial, { recursive: true });
  const [command, ...args] = yarnCommand();
  execFileSync(
    command!,
    [
      ...args,
      "install",
      "--production",
      "--frozen-lockfile",
      "--ignore-engines",
      "--network-timeout",
      "600000",
    ],
    { cwd: partial, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } },
  );
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  writeLayout(target);
  writeFileSync(marker, `${wanted}\n`);
  return target;
}

/** Without the browser client Wiki.js needs a layout and a favicon to serve page URLs. */
function writeLayout(dir: string): void {
  const pug = join(dir, "server", "views", "master.pug");
  if (!existsSync(pug)) writeFileSync(pug, MASTER_PUG);
  const favicon = join(dir, "assets", "favicon.ico");
  if (!existsSync(favicon)) {
    mkdirSync(dirname(favicon), { recursive: true });
    writeFileSync(favicon, Buffer.from([0, 0, 1, 0]));
  }
}
