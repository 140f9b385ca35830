import { afterAll, beforeAll } from "vitest";
import { createSandboxWiki, type SandboxWiki } from "../../../packages/sandbox/src/wiki/index.js";
import { type ContractTarget, defineWikiContract } from "../../contract/wiki-contract.js";

/** The sandbox wiki passes the same contract as the real Wiki.js (npm run test:wikijs). */
let wiki: SandboxWiki;
let target: ContractTarget;

beforeAll(async () => {
  wiki = createSandboxWiki();
  const baseUrl = await wiki.listen(0, "127.0.0.1");
  const keys = {
    full: wiki.issueKey(),
    expired: wiki.issueKey({ expiredSecondsAgo: 5 }),
    revoked: wiki.issueKey(),
    readOnly: wiki.issueKey({ fullAccess: false }),
    denied: wiki.issueKey({ deniedPaths: ["denied"] }),
  };
  wiki.revokeKey(keys.revoked);
  target = {
    name: "sandbox",
    baseUrl,
    keys,
    setApiEnabled: async (enabled) => wiki.setApiEnabled(enabled),
    slowWrites: async (on) => wiki.setWriteLatency(on ? 400 : 0),
    writeTimeoutMs: 150,
    confirmDelaysMs: [0, 300, 600],
  };
});

afterAll(async () => {
  await wiki.close();
});

defineWikiContract(() => target, { timeoutMs: 15_000 });
