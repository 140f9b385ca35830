import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sandboxWikiCommand } from "../../../../src/cli/sandbox-wiki.js";
import { captureIo } from "../../../helpers/cli.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("wiki-gateway sandbox wiki", () => {
  it("runs, writes a working key file, seeds a folder, and stops on abort", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-wiki-cli-"));
    dirs.push(dir);
    const seedDir = join(dir, "notes");
    mkdirSync(join(seedDir, "common"), { recursive: true });
    writeFileSync(
      join(seedDir, "common", "tar.md"),
      "# tar\n\n> Archiving utility.\n\n- Extract: `tar xf file`\n",
    );
    writeFileSync(join(seedDir, "common", "git log.md"), "# git log\n\nShow commits.\n");
    const io = captureIo();
    const stop = new AbortController();
    const running = sandboxWikiCommand.run(
      ["--data", join(dir, "data"), "--seed-dir", seedDir],
      io,
      stop.signal,
    );
    await waitFor(() => io.stdout().includes("Token file:"));

    const url = /GraphQL URL: (\S+)/.exec(io.stdout())?.[1];
    const tokenFile = /Token file: (\S+)/.exec(io.stdout())?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
    expect(tokenFile).toBe(join(dir, "data", "wiki.token"));
    expect(statSync(tokenFile!).mode & 0o777).toBe(0o600);
    const token = readFileSync(tokenFile!, "utf8").trim();
    expect(io.stdout()).not.toContain(token);

    const answer = await fetch(url!, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: '{ pages { singleByPath(path: "common/tar", locale: "en") { title description content } } }',
      }),
    });
    expect(((await answer.json()) as { data: unknown }).data).toEqual({
      pages: {
        singleByPath: {
          title: "tar",
          description: "Archiving utility.",
          content: expect.stringContaining("tar xf"),
        },
      },
    });

    stop.abort();
    expect(await running).toBe(0);
    expect(io.stdout()).toContain("Sandbox wiki stopped");
    await expect(fetch(url!, { method: "POST" })).rejects.toThrow();
    const saved = JSON.parse(readFileSync(join(dir, "data", "wiki.json"), "utf8")) as {
      store: { pages: Array<{ path: string }> };
    };
    expect(saved.store.pages.map((p) => p.path).sort()).toEqual(["common/git-log", "common/tar"]);
  });

  it("--tldr seeds the tldr corpus and its translations under their locales, as the demo does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-wiki-cli-"));
    dirs.push(dir);
    mkdirSync(join(dir, "tldr", "common"), { recursive: true });
    writeFileSync(join(dir, "tldr", "common", "tar.md"), "# tar\n\n> Archiving utility.\n");
    mkdirSync(join(dir, "i18n", "ru", "common"), { recursive: true });
    writeFileSync(join(dir, "i18n", "ru", "common", "tar.md"), "# tar\n\n> Утилита архивирования.\n");
    const saved = { dir: process.env.TLDR_DIR, i18n: process.env.TLDR_I18N_DIR };
    process.env.TLDR_DIR = join(dir, "tldr");
    process.env.TLDR_I18N_DIR = join(dir, "i18n");
    const io = captureIo();
    const stop = new AbortController();
    try {
      const running = sandboxWikiCommand.run(["--data", join(dir, "data"), "--tldr"], io, stop.signal);
      await waitFor(() => io.stdout().includes("Token file:"));
      expect(io.stdout()).toContain("Pages: 2");
      expect(io.stdout()).toContain("1 translated (ru)");
      const url = /GraphQL URL: (\S+)/.exec(io.stdout())![1]!;
      const token = readFileSync(join(dir, "data", "wiki.token"), "utf8").trim();
      const russian = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: '{ pages { singleByPath(path: "tldr/common/tar", locale: "ru") { description } } }',
        }),
      });
      expect(await russian.json()).toEqual({
        data: { pages: { singleByPath: { description: "Утилита архивирования." } } },
      });
      stop.abort();
      expect(await running).toBe(0);
    } finally {
      stop.abort();
      for (const [key, value] of [
        ["TLDR_DIR", saved.dir],
        ["TLDR_I18N_DIR", saved.i18n],
      ] as const)
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
  });

  it("honours --token-file and rejects a bad --port", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-wiki-cli-"));
    dirs.push(dir);
    await expect(sandboxWikiCommand.run(["--port", "99999", "--data", dir], captureIo())).rejects.toThrow(
      /--port/,
    );
    const io = captureIo();
    const stop = new AbortController();
    stop.abort();
    const tokenFile = join(dir, "secrets", "k.token");
    expect(await sandboxWikiCommand.run(["--data", dir, "--token-file", tokenFile], io, stop.signal)).toBe(0);
    expect(readFileSync(tokenFile, "utf8")).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+\n$/);
  });
});
