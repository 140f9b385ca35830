import type { StateCode } from "./state-codes.js";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { GatewayError } from "../errors.js";

export class StateDirError extends GatewayError<StateCode> {}

/**
 * Creates the state directory when missing and proves it is writable, so a read-only or full disk
 * is a clear error at start instead of a silent loss later.
 */
export async function ensureWritableStateDir(root: string): Promise<void> {
  const probe = join(root, `.write-test-${process.pid}`);
  try {
    await mkdir(root, { recursive: true });
    await writeFile(probe, "ok");
    await unlink(probe);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? "error";
    throw new StateDirError(
      "state-dir-unwritable",
      `the state directory ${root} is not writable (${code})`,
      code === "ENOSPC"
        ? "free disk space on the volume holding the state directory"
        : "mount the state directory read-write and owned by the gateway's user, or set GATEWAY_STATE_DIR / --state-dir",
      { cause },
    );
  }
}
