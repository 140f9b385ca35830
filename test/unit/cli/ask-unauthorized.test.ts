import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandboxWiki, type SandboxWiki } from "../../../packages/sandbox/src/wiki/index.js";
import { createAskCommand } from "../../../src/cli/ask.js";
import { captureIo } from "../../helpers/cli.js";

/**
 * `ask` over HTTP against the sandbox wiki, with a key the wiki does not accept: Wiki.js then runs
 * the request as a guest, who may list pages but read none. The index must not be built from that.
 */
describe("ask with a badly signed key on a small wiki", () => {
  let wiki: SandboxWiki;
  let dir: string;
  let env: Record<string, string>;
  const tokenFile = () => join(dir, "wiki-token");

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "wg-ask-guest-"));
    wiki = createSandboxWiki();
    const base = await wiki.listen();
    wiki.seed([
      { path: "guides/backup", title: "Backups", content: "# Backups\n\nThe nightly backup runs at 02:00." },
      { path: "guides/onboarding", title: "Onboarding", content: "# Onboarding\n\nAsk for a laptop." },
    ]);
    env = {
      GATEWAY_CONFIG: join(dir, "gateway.json"),
      GATEWAY_STATE_DIR: join(dir, "state"),
      WIKI_URL: base,
      WIKI_TOKEN_FILE: tokenFile(),
    };
  });
  afterEach(async () => {
    await wiki.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (question: string) => {
    const io = captureIo(env);
    const code = await createAskCommand()
      .run([question], io)
      .catch((error: unknown) => error);
    return { code, out: io.stdout(), err: io.stderr() };
  };

  it("fails with the cause and saves nothing; the right key then builds and answers", async () => {
    const good = wiki.issueKey();
    const signature = good.slice(good.lastIndexOf(".") + 1);
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    writeFileSync(tokenFile(), good.slice(0, good.lastIndexOf(".") + 1) + flipped, { mode: 0o600 });
    const refused = await ask("when does the nightly backup run");
    expect(refused.code).toBeInstanceOf(Error);
    expect(refused.code).toMatchObject({ remedy: expect.stringContaining("manage:pages") });
    expect(refused.err).not.toMatch(/indexed 0 pages/);
    expect(existsSync(join(dir, "state", "index", "search.idx"))).toBe(false);

    writeFileSync(tokenFile(), good, { mode: 0o600 });
    const answered = await ask("when does the nightly backup run");
    expect(answered.code).toBe(0);
    expect(answered.err).toContain("building the search index");
    expect(answered.out).toContain("02:00");
  });
});
