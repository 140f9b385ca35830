import { readFile, rename } from "node:fs/promises";
import { z } from "zod";
import { writeJsonAtomic } from "./atomic-file.js";
import { keptStamp } from "./kept-stamp.js";

/** One group upgrade as kept: the account that saw it, the basic group's id, the supergroup's. */
export interface SavedUpgrade {
  account: string;
  oldChatId: number;
  newChatId: number;
  /** ISO time it was first seen. */
  since: string;
}

const UpgradeSchema = z.strictObject({
  account: z.string().min(1),
  oldChatId: z.number().int().refine(Number.isSafeInteger, "not a safe integer"),
  newChatId: z.number().int().refine(Number.isSafeInteger, "not a safe integer"),
  since: z.string().min(1),
});
const UpgradeFileSchema = z.strictObject({ v: z.literal(1), upgrades: z.array(UpgradeSchema) });

export interface UpgradeFileOptions {
  file: string;
  /** Most upgrades kept; the oldest go first. */
  maxEntries: number;
  /** The file was not this format: it was renamed `<file>.corrupt-<time>` (named in `detail`). */
  onCorrupt?: (detail: string) => void;
}

export interface UpgradeFile {
  readonly where: string;
  /** Every upgrade kept, oldest first; [] when there is no file or it was set aside as corrupt. */
  load(): Promise<SavedUpgrade[]>;
  /** Keeps one more upgrade (the first for an account and old id wins) and rewrites the file. */
  add(upgrade: SavedUpgrade): Promise<void>;
  flush(): Promise<void>;
}

/**
 * The upgrades file (`groups/upgrades.json`): `{"v":1,"upgrades":[…]}`, oldest first, bounded,
 * rewritten whole and atomically (the old file or the new one) at each new upgrade, which is rare.
 * Writes run one at a time in order; a failed one rejects its `add`, and the next `add` (even of
 * an upgrade already kept) or `flush` writes again, carrying everything added so far. A file that
 * is not this format is kept aside as `<file>.corrupt-<time>` and reported; the gateway then starts
 * with no upgrades, other state untouched. When it cannot be set aside, that is reported too, and
 * it is never overwritten: each write tries to set it aside first and fails while it cannot. An
 * unreadable file (permissions) rejects `load` and is left as it is.
 */
export function openUpgradeFile(options: UpgradeFileOptions): UpgradeFile {
  const { file, maxEntries } = options;
  const kept = new Map<string, SavedUpgrade>();
  const key = (u: SavedUpgrade) => `${u.account}|${u.oldChatId}`;
  let writing: Promise<void> = Promise.resolve();
  /** The last write failed: what is kept is not all on disk. */
  let dirty = false;
  /** A corrupt file is still at the path (it could not be set aside): never overwrite it. */
  let corruptInPlace = false;

  function keep(upgrade: SavedUpgrade): boolean {
    if (kept.has(key(upgrade))) return false;
    kept.set(key(upgrade), { ...upgrade });
    for (const oldest of kept.keys()) {
      if (kept.size <= maxEntries) break;
      kept.delete(oldest);
    }
    return true;
  }

  /** Moves the corrupt file aside; the aside's name, or throws when it cannot be moved. */
  async function setAside(): Promise<string> {
    const aside = `${file}.corrupt-${keptStamp()}`;
    await rename(file, aside);
    corruptInPlace = false;
    return aside;
  }

  function write(): Promise<void> {
    const next = writing
      .catch(() => {})
      .then(async () => {
        if (corruptInPlace) await setAside();
        await writeJsonAtomic(file, { v: 1, upgrades: [...kept.values()] });
      })
      .then(
        () => {
          dirty = false;
        },
        (error: unknown) => {
          dirty = true;
          throw error;
        },
      );
    writing = next;
    return next;
  }

  return {
    where: file,
    async load() {
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [...kept.values()];
        throw error;
      }
      const problem = parseProblem(text, (upgrades) => upgrades.forEach(keep));
      if (problem !== undefined) {
        corruptInPlace = true;
        const outcome = await setAside().then(
          (aside) => `kept as ${aside}`,
          (error: unknown) =>
            `it could not be set aside (${(error as Error).message}) and is left in place, never overwritten; move it away`,
        );
        options.onCorrupt?.(`${problem}; ${outcome}`);
      }
      return [...kept.values()];
    },
    add(upgrade) {
      if (!keep(upgrade) && !dirty) return writing.catch(() => {});
      return write();
    },
    flush: () => (dirty ? write().catch(() => {}) : writing.catch(() => {})),
  };
}

/** Why `text` is not an upgrades file, or undefined after handing its upgrades to `take`. */
function parseProblem(text: string, take: (upgrades: SavedUpgrade[]) => void): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return `not JSON (${(error as Error).message})`;
  }
  const parsed = UpgradeFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join(".") || "file"}: ${issue?.message ?? "invalid"}`;
  }
  take(parsed.data.upgrades);
  return undefined;
}
