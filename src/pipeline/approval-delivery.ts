import type { AccountPool } from "../accounts/account-pool.js";
import type { MessageHandler } from "../core/message-handler.js";
import type { Logger } from "../log/logger.js";
import type { PairingStore } from "../policy/pairing-store.js";
import { hasQuestion } from "../policy/kept-message.js";
import { textsFor } from "../i18n/index.js";
import { approvalNotice } from "./pairing-flow.js";

export interface ApprovalDelivery {
  /** Coalesces overlapping calls: one delivery pass at a time, one more if asked meanwhile. */
  run(): Promise<void>;
}

/**
 * Tells approved users they are in and answers the message their pairing request kept
 * (access-policy.md step 4: nothing the user asked is lost). Runs whenever the pairing file
 * changes; each approval is marked delivered only after both went out, so a crash repeats
 * the notice rather than losing the answer.
 */
export function createApprovalDelivery(deps: {
  pairing: PairingStore;
  pool: AccountPool;
  pipeline: MessageHandler;
  logger: Logger;
  /** The `language` of the agent bound to an account, for a user whose own language is not known or not spoken. */
  agentLanguage?: (account: string) => string | undefined;
}): ApprovalDelivery {
  let running: Promise<void> | undefined;
  let again = false;

  async function deliverAll(): Promise<void> {
    for (const delivery of await deps.pairing.takeDeliveries()) {
      const runner = deps.pool.get(delivery.account);
      if (!runner || runner.state().status !== "polling") continue; // retried on the next change
      const log = deps.logger.child({ account: delivery.account, userId: delivery.userId });
      try {
        // A kept message without a question (a sticker, say) is not promised an answer.
        const kept = delivery.message && hasQuestion(delivery.message) ? delivery.message : undefined;
        const notice = runner.replier({ chatId: Number(delivery.userId) });
        // In the language of the message the request kept, when it kept one.
        const texts = textsFor(delivery.message?.languageCode, deps.agentLanguage?.(delivery.account));
        await notice.send([approvalNotice(texts, kept !== undefined)]);
        if (kept) {
          await deps.pipeline(kept, runner.replier({ chatId: kept.chatId, messageId: kept.messageId }), log);
        }
        await deps.pairing.markDelivered(delivery.account, delivery.userId);
        log.info("approval delivered");
      } catch (error) {
        log.warn({ err: error }, "could not deliver an approval; retried on the next change");
      }
    }
  }

  return {
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await deliverAll();
        } while (again);
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
