import type { PairingErrorCode } from "./pairing-error.js";
import type { Logger } from "../log/logger.js";
import type { PairingDocument } from "./pairing-document.js";
import type { SkippedMessage } from "./pairing-file.js";

/** The kept messages of pairing.json that did not read back, as the store reports and preserves them. */
export interface SkippedMessages {
  /** Logs each skipped message once per file text (a reload of the same text says nothing new). */
  note(text: string, skipped: readonly SkippedMessage[]): void;
  /** Before `text` is replaced: if it held skipped messages, keeps it as `<where>.invalid-<ts>`. */
  keepBeforeReplacing(text: string): Promise<void>;
}

export function createSkippedMessages(
  document: Pick<PairingDocument, "where" | "keepCopy">,
  logger: Logger | undefined,
): SkippedMessages {
  const file = document.where;
  let noted: string | undefined;
  return {
    note(text, skipped) {
      if (text === noted) return;
      noted = text;
      for (const entry of skipped) {
        logger?.warn(
          {
            code: "pairing-message-invalid" satisfies PairingErrorCode,
            path: entry.path,
            detail: entry.detail,
            remedy: `nothing is answered from it; the approval itself still works. Ask the user to send the message again, or correct ${entry.path} in ${file} while no gateway writes it`,
          },
          `${file}: the kept message ${entry.path} is not a valid message of its user (${entry.detail}); skipped`,
        );
      }
    },
    async keepBeforeReplacing(text) {
      if (text !== noted) return;
      const kept = await document.keepCopy(text);
      logger?.warn(
        { code: "pairing-message-invalid" satisfies PairingErrorCode, kept },
        `${file} as found is kept as ${kept}`,
      );
      noted = undefined;
    },
  };
}
