import { readFile } from "node:fs/promises";
import { z } from "zod";
import { writeJsonAtomic } from "./atomic-file.js";

/** When each agent's editors' digest was last sent (agent id → ISO-8601 time). */
const StampsSchema = z.record(z.string(), z.iso.datetime());

export interface DigestStamps {
  /** When `agent`'s digest was last sent (ms since the epoch); undefined: never. */
  lastSent(agent: string): number | undefined;
  /** Records a digest sent at `at` and saves the file (atomically); rejects when it cannot. */
  sent(agent: string, at: number): Promise<void>;
}

/**
 * The digest stamps in `file` (`unanswered/digests.json`), read once: a missing file is "never
 * sent"; an unreadable or invalid one too (reported to `onInvalid`), and it is replaced at the
 * next digest sent, so a digest may go out once more than its period, never less.
 */
export async function openDigestStamps(
  file: string,
  onInvalid?: (error: unknown) => void,
): Promise<DigestStamps> {
  let stamps: Record<string, string> = {};
  try {
    stamps = StampsSchema.parse(JSON.parse(await readFile(file, "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") onInvalid?.(error);
  }
  return {
    lastSent: (agent) => (stamps[agent] === undefined ? undefined : Date.parse(stamps[agent])),
    async sent(agent, at) {
      stamps = { ...stamps, [agent]: new Date(at).toISOString() };
      await writeJsonAtomic(file, stamps);
    },
  };
}
