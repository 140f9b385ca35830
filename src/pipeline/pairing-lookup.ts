import type { ChatMigrations } from "../core/chat-migrations.js";
import type { PairingLookup } from "../policy/evaluate.js";

/**
 * What the policy asks of the pairing state and the groups seen upgraded, built once from the
 * pipeline's dependencies (messages and reactions are judged with the same lookups).
 */
export function pairingLookup(
  isApproved: (account: string, userId: string) => boolean,
  migrations?: Pick<ChatMigrations, "migratedFrom">,
): PairingLookup {
  return {
    isApproved,
    ...(migrations ? { migratedFrom: (a: string, c: number) => migrations.migratedFrom(a, c) } : {}),
  };
}
