import { setFlagsFromString } from "node:v8";

/**
 * V8's young generation held at its starting size (two 1 MB semi-spaces) while the process starts,
 * then free to grow as usual: unless Node was given a young-generation size of its own
 * (`--max-semi-space-size` or `--semi-space-growth-factor` on the command line or in NODE_OPTIONS;
 * the container image sets `--max-semi-space-size=2`), which is then left to work as given.
 *
 * Why: a start allocates much that lives long (the index, the wiki's page list); by default that
 * grows the young generation to two 16 MB semi-spaces, kept until V8's memory reducer runs after
 * some 10–40 s of quiet: a third of the daemon's resident memory once it is ready. Answering under
 * load does need the larger young generation (with it held small, answers per second fell by a
 * third in the pipeline bench), so it is released by the first message or inline query the daemon
 * handles, and before a full build when no saved index could be loaded.
 *
 * How: V8 reads the growth factor each time the young generation would grow; at 1 the new size
 * equals the current one. (On the command line V8 raises a factor below 2 to 2, so it is set once
 * the process runs; 2 is V8's default, set again on release.)
 */
let held = false;

/** Holds the young generation at its size; false (nothing done) when Node was given a size. */
export function holdYoungGeneration(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)];
  if (
    given.some((flag) => /^--(max[-_]semi[-_]space[-_]size|semi[-_]space[-_]growth[-_]factor)\b/.test(flag))
  )
    return false;
  setFlagsFromString("--semi-space-growth-factor=1");
  held = true;
  return true;
}

/** Lets the young generation grow again (V8's default factor); nothing when it was not held. */
export function releaseYoungGeneration(): void {
  if (!held) return;
  held = false;
  setFlagsFromString("--semi-space-growth-factor=2");
}
