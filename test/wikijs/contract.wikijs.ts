import { inject } from "vitest";
import { defineWikiContract } from "../contract/wiki-contract.js";
import { setApiEnabled } from "./wikijs-server.js";

/** The shared wiki contract against a real Wiki.js 2.5 (see global-setup.ts for the database). */
const info = inject("wikijs");

defineWikiContract(
  () => ({
    name: `wikijs-${info.db}`,
    baseUrl: info.baseUrl,
    keys: info.keys,
    setApiEnabled: (enabled) => setApiEnabled(info, enabled),
    // A real wiki renders the page and rebuilds its tree before answering: seconds, not 50 ms.
    slowWrites: async () => {},
    writeTimeoutMs: 50,
    confirmDelaysMs: [0, 2000, 5000, 10_000],
  }),
  { timeoutMs: 180_000 },
);
