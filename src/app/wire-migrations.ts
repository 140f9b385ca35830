import { type ChatMigrations, createChatMigrations, migrationRemedy } from "../core/chat-migrations.js";
import type { Logger } from "../log/logger.js";
import type { ConfigInForce } from "./apply-config.js";

/** Group upgrades, each announced by one warn line saying exactly what to change in gateway.json. */
export function wireChatMigrations(logger: Logger): ChatMigrations {
  const log = logger.child({ component: "groups" });
  return createChatMigrations((m) =>
    log.warn(
      {
        code: "group-upgraded",
        account: m.account,
        oldChatId: m.oldChatId,
        newChatId: m.newChatId,
        remedy: migrationRemedy(m),
      },
      `group ${m.oldChatId} of account ${m.account} was upgraded to supergroup ${m.newChatId}`,
    ),
  );
}

/** The upgrades whose old id is still a key of the account's groups in the configuration in force. */
export function pendingUpgrades(migrations: ChatMigrations, config: ConfigInForce) {
  return migrations
    .list()
    .filter((m) => config.runtime?.policies.get(m.account)?.groups.has(String(m.oldChatId)) === true)
    .map((m) => ({ ...m, fix: migrationRemedy(m) }));
}
