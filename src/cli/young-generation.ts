import { setFlagsFromString } from "node:v8";

/**
 * Keeps V8's young generation at its starting size (two 1 MB semi-spaces) for the whole process,
 * unless Node was given a young-generation size of its own: `--max-semi-space-size` or
 * `--semi-space-growth-factor` on the command line or in NODE_OPTIONS (the container image sets
 * `--max-semi-space-size=2`), which is then left to work as given.
 *
 * Why: by default the young generation grows, while the index loads and the wiki's page list is
 * read at start, to two 16 MB semi-spaces, and keeps them until V8's memory reducer runs (after
 * some 10–40 s of quiet): a third of the daemon's resident memory at start. Answering allocates
 * little that lives long, so the small young generation costs little time (README "Performance").
 *
 * How: the growth factor is read by V8 each time the young generation would grow; set to 1 once
 * the process runs, the new size equals the current one, so it never grows. (On the command line
 * V8 raises a factor below 2 to 2, so this is set here, first thing.) Imported for this effect
 * by `main.ts` before anything else loads.
 */
export function fixYoungGeneration(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)];
  if (
    given.some((flag) => /^--(max[-_]semi[-_]space[-_]size|semi[-_]space[-_]growth[-_]factor)\b/.test(flag))
  )
    return false;
  setFlagsFromString("--semi-space-growth-factor=1");
  return true;
}

// NODE_OPTIONS is Node's own variable (not a gateway setting): read to respect a size chosen there.
fixYoungGeneration(process.execArgv, process.env.NODE_OPTIONS);
