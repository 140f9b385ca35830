import type { AppCode } from "./app-codes.js";
import {
  type ChatMigration,
  type ChatMigrations,
  type ChatMigrationStore,
  createChatMigrations,
  MAX_CHAT_MIGRATIONS,
  migrationRemedy,
} from "../core/chat-migrations.js";
import type { Logger } from "../log/logger.js";
import { openUpgradeFile } from "../state/upgrade-file.js";
import type { ConfigInForce } from "./apply-config.js";

/** Group upgrades as the running gateway has them: learnt here, kept in a store, read back at start. */
export interface WiredMigrations {
  migrations: ChatMigrations;
  /** Reads the kept upgrades (before the accounts start) and, in cluster mode, follows other replicas'. */
  open(): Promise<void>;
  /** One warn line per kept upgrade whose old id gateway.json still lists (once the configuration is in force). */
  remind(config: ConfigInForce): void;
  /** Stops following and waits for the writes under way. */
  close(): Promise<void>;
}

/**
 * Group upgrades, each announced by one warn line saying exactly what to change in gateway.json,
 * and kept in `shared` (cluster mode: Redis) or else in the state directory's `file`, so that a
 * restart or another replica still knows them. A store that cannot be read or written is a warn
 * line; the upgrade still holds in memory until the process ends.
 */
export function wireChatMigrations(
  logger: Logger,
  where: { file: string; shared?: ChatMigrationStore | undefined },
): WiredMigrations {
  const log = logger.child({ component: "groups" });
  const store: ChatMigrationStore =
    where.shared ??
    openUpgradeFile({
      file: where.file,
      maxEntries: MAX_CHAT_MIGRATIONS,
      onCorrupt: (detail) =>
        log.warn(
          {
            code: "upgrades-file-corrupt" satisfies AppCode,
            detail,
            remedy:
              "nothing to change: upgrades seen from now on are kept; check gateway.json names the new ids",
          },
          `the group upgrades file ${where.file} could not be read; it starts empty`,
        ),
    });
  const announce = (m: ChatMigration, remembered: boolean) =>
    log.warn(
      {
        code: "group-upgraded" satisfies AppCode,
        account: m.account,
        oldChatId: m.oldChatId,
        newChatId: m.newChatId,
        since: m.since,
        remedy: migrationRemedy(m),
        ...(remembered ? { remembered: true } : {}),
      },
      `group ${m.oldChatId} of account ${m.account} was upgraded to supergroup ${m.newChatId}`,
    );
  const unsaved = (m: ChatMigration) => (err: unknown) =>
    log.warn(
      {
        code: "upgrades-store-write" satisfies AppCode,
        err,
        account: m.account,
        oldChatId: m.oldChatId,
        remedy: `rename the group in gateway.json now (${migrationRemedy(m)}); after a restart the new id is not known to be the old group`,
      },
      `the group upgrade could not be kept in ${store.where}`,
    );
  const migrations = createChatMigrations((m) => {
    announce(m, false);
    store.add(m).catch(unsaved(m));
  });
  const adoptAll = async () => void migrations.adopt(await store.load());
  let watch: { close(): void } | undefined;
  return {
    migrations,
    async open() {
      try {
        await adoptAll();
      } catch (err) {
        log.warn(
          {
            code: "upgrades-store-read" satisfies AppCode,
            err,
            remedy: "check that the store is readable; upgrades seen from now on are kept",
          },
          `the group upgrades in ${store.where} could not be read; the gateway starts without them`,
        );
      }
      watch = store.watch?.(adoptAll);
    },
    remind(config) {
      for (const m of pendingUpgrades(migrations, config)) announce(m, true);
    },
    async close() {
      watch?.close();
      await store.flush();
    },
  };
}

/**
 * The upgrades gateway.json has not followed yet: the old id is still a key of the account's
 * groups in the configuration in force, and the new id is not.
 */
export function pendingUpgrades(migrations: ChatMigrations, config: ConfigInForce) {
  return migrations
    .list()
    .filter((m) => {
      const groups = config.runtime?.policies.get(m.account)?.groups;
      return groups?.has(String(m.oldChatId)) === true && !groups.has(String(m.newChatId));
    })
    .map((m) => ({ ...m, fix: migrationRemedy(m) }));
}
