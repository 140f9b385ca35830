import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openJournal } from "../../src/accounts/journal/journal.js";
import { createPairingStore } from "../../src/policy/pairing-store.js";
import { journalContract, pairingContract } from "../helpers/store-contract.js";

/** The storage contract on the default adapters: files in the state directory. */
journalContract("files", () => {
  const dir = mkdtempSync(join(tmpdir(), "wg-contract-journal-"));
  const file = (account: string) => join(dir, `${account}.log`);
  return {
    open: (account, options) => openJournal(file(account), { durable: false, ...options }),
    async corrupt(account, index) {
      const lines = readFileSync(file(account), "utf8").split("\n");
      lines.splice(index, 0, '{"t":"u","id":"not a number"}');
      writeFileSync(file(account), lines.join("\n"));
    },
    keptExists: async (keptAs) => existsSync(keptAs),
  };
});

pairingContract("files", () => {
  const dir = mkdtempSync(join(tmpdir(), "wg-contract-pairing-"));
  const file = join(dir, "pairing.json");
  return {
    store: (options = {}) => createPairingStore({ file, lockFile: join(dir, "pairing.lock"), ...options }),
    corrupt: (text) => writeFile(file, text),
    read: () => readFile(file, "utf8").catch(() => ""),
    write: (text) => writeFile(file, text),
    kept: async () =>
      (await readdir(dir)).filter((f) => /\.(corrupt|invalid)-/.test(f)).map((f) => join(dir, f)),
    readKept: (name) => readFile(name, "utf8"),
  };
});
