import type { Logger } from "../log/logger.js";
import type { HeldPairingDocument, PairingDocument } from "./pairing-document.js";
import { PairingError } from "./pairing-error.js";
import { emptyPairingState, type PairingState, parsePairingState } from "./pairing-file.js";
import { createSkippedMessages } from "./skipped-messages.js";

/** The pairing document as this process last read or wrote it, and the reading and writing of it. */
export interface PairingSnapshot {
  /** The state as last read or written here. */
  state(): PairingState;
  isApproved(account: string, userId: string): boolean;
  /** Reads and parses the document; on a bad one, sets it aside (locking it when not `held`) and throws. */
  read(held?: HeldPairingDocument): Promise<{ state: PairingState; text: string }>;
  /** Takes a state read (or left unchanged) as the snapshot. */
  adopt(state: PairingState, text: string): void;
  /** Writes the state when it differs from `before` (its JSON as read), and takes it as the snapshot. */
  write(held: HeldPairingDocument, state: PairingState, text: string, before: string): Promise<void>;
  /** True once each time another process changed the document since the last call. */
  takeUnseen(): boolean;
}

/**
 * Contract: a document that is not a pairing state is never overwritten silently: it is set aside
 * (`<file>.corrupt-<ts>`), `pairing-file-corrupt` is logged and thrown, and the snapshot starts
 * empty (fail closed); one of a newer format version is refused (`pairing-file-version`) and left
 * as it is. Kept messages that do not read back are skipped and logged (`skipped-messages.ts`).
 */
export function createPairingSnapshot(
  document: PairingDocument,
  logger: Logger | undefined,
): PairingSnapshot {
  const file = document.where;
  let snapshot: PairingState = emptyPairingState();
  let approved = new Set<string>();
  /** The document's text as last read or written here ("" = no document). */
  let lastText: string | undefined;
  /** Another process changed the document and the watcher has not reported it yet. */
  let unseen = false;
  const skippedIn = createSkippedMessages(document, logger);

  function adopt(state: PairingState, text: string): void {
    snapshot = state;
    approved = new Set(state.approvals.map((a) => key(a.account, a.userId)));
    lastText = text;
  }

  async function read(held?: HeldPairingDocument): Promise<{ state: PairingState; text: string }> {
    const text = await document.read();
    // Text this store neither read nor wrote last: another process changed the file.
    if (lastText !== undefined && text !== lastText) unseen = true;
    if (text === "") return { state: emptyPairingState(), text };
    const parsed = parsePairingState(text);
    if (parsed.ok) {
      if (parsed.skipped.length > 0) skippedIn.note(text, parsed.skipped);
      return { state: parsed.state, text };
    }
    if (parsed.failure.kind === "version") {
      throw new PairingError(
        "pairing-file-version",
        `${file} has format version ${String(parsed.failure.version)}, newer than this gateway understands (1)`,
        "run the same or a newer wiki-gateway version as the one that wrote the file",
      );
    }
    if (!held) return document.locked((h) => read(h));
    const kept = await held.setAside();
    adopt(emptyPairingState(), "");
    const error = new PairingError(
      "pairing-file-corrupt",
      `${file} is not a valid pairing file (${parsed.failure.detail}); it was kept as ${kept} and pairing starts from an empty state`,
      `repair ${kept} and move it back to ${file} while no gateway writes it, or approve the users again`,
    );
    logger?.error({ code: error.code, kept }, error.message);
    throw error;
  }

  return {
    state: () => snapshot,
    isApproved: (account, userId) => approved.has(key(account, userId)),
    read,
    adopt,
    async write(held, state, text, before) {
      if (JSON.stringify(state) === before) {
        adopt(state, text);
        return;
      }
      await skippedIn.keepBeforeReplacing(text);
      const written = `${JSON.stringify(state, null, 2)}\n`;
      await held.write(written);
      adopt(state, written);
    },
    takeUnseen() {
      const was = unseen;
      unseen = false;
      return was;
    },
  };
}

function key(account: string, userId: string): string {
  return `${account}\u0000${userId}`;
}
