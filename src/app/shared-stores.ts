import type { Journal } from "../accounts/journal/journal.js";
import type { RedisConnection } from "../cluster/redis-connection.js";
import type { RedisKeys } from "../cluster/redis-keys.js";
import type { ChatMigrationStore } from "../core/chat-migrations.js";
import type { ConversationStore } from "../core/conversation.js";
import type { PairingDocument } from "../policy/pairing-document.js";

/**
 * The stores that may live outside the state directory. Without a Redis URL, nothing here is set
 * and the parts use their files (journal/<account>.log, pairing.json); with one (cluster mode),
 * the journals and the pairing document live in Redis and every replica shares them.
 */
export interface SharedStores {
  /** The pairing document; absent: pairing.json. */
  pairing?: PairingDocument;
  /**
   * Opens an account's journal; absent: journal/<account>.log. `fencingToken` (read at each write)
   * is the token of the account's lease held here: a write made without the latest token fails.
   */
  journalFor?: (account: string, fencingToken?: () => number | undefined) => Journal;
  /** Group upgrades learnt by any replica; absent: groups/upgrades.json. */
  chatMigrations?: ChatMigrationStore;
  /** Conversations, shared so a failover mid-conversation keeps them; absent: conversations/turns.json. */
  conversations?: ConversationStore;
  /** Cluster mode's Redis connection and key names, for the parts that coordinate replicas. */
  redis?: { client: RedisConnection; keys: RedisKeys; replicaId: string };
  /** Closes what was opened (after the accounts stopped). */
  close(): Promise<void>;
}
