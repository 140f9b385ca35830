import { chmodSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTokenSource, readWikiToken } from "../../../../src/wiki/token.js";

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const jwt = (payload: Record<string, unknown>) =>
  `${b64({ alg: "HS256", typ: "JWT" })}.${b64(payload)}.c2lnbmF0dXJl`;
const dir = () => mkdtempSync(join(tmpdir(), "wg-token-"));

describe("wiki token file", () => {
  it("reads a whole JWT, trimmed, with its expiry", async () => {
    const file = join(dir(), "t");
    const exp = Math.floor(Date.now() / 1000) + 3600;
    writeFileSync(file, `  ${jwt({ api: 1, exp })}\n`, { mode: 0o600 });
    const token = await readWikiToken(file);
    expect(token.token.startsWith("eyJ")).toBe(true);
    expect(token.expiresAt?.getTime()).toBe(exp * 1000);
    expect(token.warnings).toEqual([]);
  });

  it.each([
    ["truncated", (t: string) => t.slice(0, 30), "wiki-token-malformed"],
    ["two parts", (t: string) => t.split(".").slice(0, 2).join("."), "wiki-token-malformed"],
    ["not a JWT", () => "hunter2", "wiki-token-malformed"],
    ["empty", () => "\n", "wiki-token-missing"],
  ])("refuses a %s token without showing it", async (_name, mangle, code) => {
    const file = join(dir(), "t");
    const whole = jwt({ api: 1, exp: Math.floor(Date.now() / 1000) + 60 });
    const bad = mangle(whole);
    writeFileSync(file, bad, { mode: 0o600 });
    const error = (await readWikiToken(file).then(
      () => undefined,
      (e: unknown) => e,
    )) as Error & { code: string; remedy: string };
    expect(error).toMatchObject({ code });
    if (bad.trim().length > 8) expect(`${error.message} ${error.remedy}`).not.toContain(bad.trim());
  });

  it("reports an expired key before any request", async () => {
    const file = join(dir(), "t");
    writeFileSync(file, jwt({ api: 1, exp: Math.floor(Date.now() / 1000) - 10 }), { mode: 0o600 });
    await expect(readWikiToken(file)).rejects.toMatchObject({ code: "wiki-token-expired" });
  });

  it("warns when the file is readable by group or others", async () => {
    const file = join(dir(), "t");
    writeFileSync(file, jwt({ api: 1 }));
    chmodSync(file, 0o644);
    const token = await readWikiToken(file);
    expect(token.warnings[0]).toMatch(/readable by group or others.*chmod 600/);
  });

  it("a missing file names the path and the remedy", async () => {
    await expect(readWikiToken(join(dir(), "nope"))).rejects.toMatchObject({
      code: "wiki-token-missing",
      remedy: expect.stringContaining("WIKI_TOKEN_FILE"),
    });
  });

  it("picks up a token replaced on disk without a restart", async () => {
    const file = join(dir(), "t");
    const first = jwt({ api: 1, n: 1 });
    writeFileSync(file, first, { mode: 0o600 });
    const source = createTokenSource(file, { checkEveryMs: 0 });
    expect((await source.get()).token).toBe(first);
    const second = jwt({ api: 1, n: 22 });
    writeFileSync(file, second, { mode: 0o600 });
    expect((await source.get()).token).toBe(second);
  });

  it("picks up a token replaced by rename (same size, new inode), as editors and secret managers do", async () => {
    const folder = dir();
    const file = join(folder, "t");
    const first = jwt({ api: 1, n: 1 });
    writeFileSync(file, first, { mode: 0o600 });
    const source = createTokenSource(file);
    expect((await source.get()).token).toBe(first);
    const second = jwt({ api: 1, n: 2 }); // same length as the first
    writeFileSync(join(folder, "t.new"), second, { mode: 0o600 });
    renameSync(join(folder, "t.new"), file);
    expect((await source.get()).token).toBe(second);
  });

  it("an expired key replaced on disk by a valid one works again; the expired one fails before any request", async () => {
    const file = join(dir(), "t");
    writeFileSync(file, jwt({ api: 1, exp: Math.floor(Date.now() / 1000) - 60 }), { mode: 0o600 });
    const source = createTokenSource(file);
    await expect(source.get()).rejects.toMatchObject({ code: "wiki-token-expired" });
    const fresh = jwt({ api: 1, exp: Math.floor(Date.now() / 1000) + 3600, pad: "xx" });
    writeFileSync(file, fresh, { mode: 0o600 });
    expect((await source.get()).token).toBe(fresh);
  });

  it("a key that expires while the gateway runs fails from its expiry on, with no change on disk (the clock injected)", async () => {
    const file = join(dir(), "t");
    let clock = Date.UTC(2026, 0, 1);
    const exp = clock / 1000 + 3600;
    const token = jwt({ api: 1, exp });
    writeFileSync(file, token, { mode: 0o600 });
    const source = createTokenSource(file, { checkEveryMs: 60_000, now: () => clock });
    expect((await source.get()).token).toBe(token);
    clock += 3599_000;
    expect((await source.get()).token).toBe(token);
    clock += 1_000;
    await expect(source.get()).rejects.toMatchObject({ code: "wiki-token-expired" });
    clock += 120_000; // past the cache's recheck too: read again, still expired
    await expect(source.get()).rejects.toMatchObject({ code: "wiki-token-expired" });
  });

  it("stats the file at most once per checkEveryMs of the clock: a replacement shows after it", async () => {
    const file = join(dir(), "t");
    let clock = 0;
    const first = jwt({ api: 1, n: 1 });
    writeFileSync(file, first, { mode: 0o600 });
    const source = createTokenSource(file, { checkEveryMs: 5_000, now: () => clock });
    expect((await source.get()).token).toBe(first);
    const second = jwt({ api: 1, n: 22 });
    writeFileSync(file, second, { mode: 0o600 });
    clock += 4_999;
    expect((await source.get()).token).toBe(first);
    clock += 1;
    expect((await source.get()).token).toBe(second);
  });

  it("refuses a payload that is not a JSON object, and never shows the token", async () => {
    const file = join(dir(), "t");
    const token = `${b64({ alg: "HS256" })}.${Buffer.from("null").toString("base64url")}.c2ln`;
    writeFileSync(file, token, { mode: 0o600 });
    const error = (await readWikiToken(file).catch((e: unknown) => e)) as Error & {
      code: string;
      remedy: string;
    };
    expect(error.code).toBe("wiki-token-malformed");
    expect(`${error.message} ${error.remedy}`).not.toContain(token);
    const expired = jwt({ api: 1, exp: 1 });
    writeFileSync(file, expired, { mode: 0o600 });
    const old = (await readWikiToken(file).catch((e: unknown) => e)) as Error & { remedy: string };
    expect(`${old.message} ${old.remedy}`).not.toContain(expired);
    expect(old.message).toMatch(/expired on 1970-01-01/);
  });

  it("warns for a group-readable file but not for an owner-only one", async () => {
    const file = join(dir(), "t");
    writeFileSync(file, jwt({ api: 1 }));
    chmodSync(file, 0o640);
    expect((await readWikiToken(file)).warnings).toHaveLength(1);
    chmodSync(file, 0o400);
    expect((await readWikiToken(file)).warnings).toEqual([]);
  });
});
