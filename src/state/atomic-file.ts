import { randomBytes } from "node:crypto";
import { mkdir, open, rename, unlink } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * Writes `data` to `path` so that a crash at any instant leaves either the old file or the new one,
 * never a mix: write a temporary file beside it, fsync it, rename it over the target, fsync the folder.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const handle = await open(tmp, "w", mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
  await syncDir(dir);
}

/** `writeFileAtomic` of pretty-printed JSON with a trailing newline. */
export function writeJsonAtomic(path: string, value: unknown, mode = 0o600): Promise<void> {
  return writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, mode);
}

async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some filesystems refuse fsync on a directory; the rename is still atomic there.
  }
}
