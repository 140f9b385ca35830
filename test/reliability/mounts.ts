import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Real file systems for the disk tests: a small tmpfs (full disks) or a read-only one. Needs root
 * with mount(2), as in the CI container; `canMount()` says whether this machine allows it.
 */
export function canMount(): boolean {
  const probe = `/tmp/wg-mount-probe-${process.pid}`;
  try {
    mkdirSync(probe, { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** Mounts a tmpfs of `size` at `dir`; `mounts` collects it for unmountAll. */
export function tmpfs(mounts: string[], dir: string, size: string, readOnly = false): string {
  mkdirSync(dir, { recursive: true });
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}${readOnly ? ",ro" : ""}`, "tmpfs", dir]);
  mounts.push(dir);
  return dir;
}

/** Fills the file system holding `dir`; returns the filler's path. */
export function fill(dir: string): string {
  const filler = join(dir, "filler");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (let i = 0; i < 10_000; i++) writeFileSync(filler, chunk, { flag: "a" });
  } catch {
    // ENOSPC: full
  }
  try {
    for (let i = 0; i < 1000; i++) writeFileSync(filler, Buffer.alloc(512, 1), { flag: "a" });
  } catch {
    // the last bytes
  }
  return filler;
}

export function unmountAll(mounts: string[]): void {
  for (const m of mounts.splice(0)) execFileSync("umount", ["-l", m], { stdio: "ignore" });
}
