import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withFileLock } from "../../../src/policy/file-lock.js";

const lockIn = () => join(mkdtempSync(join(tmpdir(), "wg-lock-")), "pairing.lock");

describe("withFileLock, on an injected clock", () => {
  it("breaks a lock left by a crashed process once it is staleMs old, and not before", async () => {
    const lockFile = lockIn();
    writeFileSync(lockFile, "4242 left over\n");
    const written = Date.now();
    // Just fresh enough: the lock stays and the wait times out (the clock moves on 1 s per look).
    let clock = written;
    await expect(
      withFileLock(lockFile, async () => "ran", {
        staleMs: 10_000,
        timeoutMs: 5_000,
        now: () => (clock += 1_000),
      }),
    ).rejects.toMatchObject({ code: "pairing-lock-timeout" });
    expect(existsSync(lockFile)).toBe(true);
    // Ten seconds on: it is broken and taken, and released after.
    clock = written + 12_000;
    await expect(
      withFileLock(lockFile, async () => "ran", { staleMs: 10_000, now: () => clock }),
    ).resolves.toBe("ran");
    expect(existsSync(lockFile)).toBe(false);
  });

  it("gives up after timeoutMs of the clock while another holder keeps the lock, naming the lock file", async () => {
    const lockFile = lockIn();
    let clock = Date.now();
    const held = withFileLock(lockFile, () => new Promise<void>((resolve) => setTimeout(resolve, 200)), {
      now: () => clock,
    });
    while (!existsSync(lockFile)) await new Promise((resolve) => setTimeout(resolve, 5));
    const waited = withFileLock(lockFile, async () => "ran", {
      staleMs: 600_000,
      timeoutMs: 30_000,
      now: () => (clock += 10_000),
    });
    await expect(waited).rejects.toMatchObject({
      code: "pairing-lock-timeout",
      message: expect.stringContaining(lockFile),
    });
    await held;
  });
});
