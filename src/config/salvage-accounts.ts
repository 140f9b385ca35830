import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { BOT_TOKEN_PATTERN } from "./ids.js";
import { readGatewayConfig } from "./load.js";
import { type AccountConfig, accountSchema } from "./schema.js";

export interface SalvagedAccount {
  name: string;
  config: AccountConfig;
  token: string;
}

/**
 * The enabled accounts of gateway.json that can be checked on their own even when the file as a
 * whole is invalid (a bad binding, another account's typo, an unreadable token file elsewhere):
 * each account entry that its own schema accepts and whose token can be read. Never rejects;
 * a file that is not JSON yields none.
 */
export async function salvageAccounts(path: string): Promise<SalvagedAccount[]> {
  const reading = await readGatewayConfig(path).catch(() => undefined);
  if (!reading) return [];
  const raw = reading.ok ? reading.config : reading.raw;
  const accounts: unknown = isRecord(raw) ? raw.accounts : undefined;
  if (!isRecord(accounts)) return [];
  const out: SalvagedAccount[] = [];
  for (const [name, entry] of Object.entries(accounts)) {
    const parsed = accountSchema.safeParse(entry);
    if (!parsed.success || !parsed.data.enabled) continue;
    const token = await tokenOf(parsed.data, dirname(reading.path));
    if (token !== undefined) out.push({ name, config: parsed.data, token });
  }
  return out;
}

async function tokenOf(account: AccountConfig, baseDir: string): Promise<string | undefined> {
  if (account.botToken) return account.botToken;
  if (!account.botTokenFile) return undefined;
  try {
    const token = (await readFile(resolve(baseDir, account.botTokenFile), "utf8")).trim();
    return BOT_TOKEN_PATTERN.test(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
