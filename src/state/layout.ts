import { join, resolve } from "node:path";

/**
 * The one module that knows where things live in the state directory. Everything the gateway
 * persists is under it, so backing it up (or mounting it as a Docker volume) keeps all state.
 *
 *   pairing.json           pairing requests and approvals (shared with the `pairing` CLI)
 *   pairing.lock           lock file guarding read-modify-write of pairing.json
 *   journal/<account>.log  per-account update journal (append-only, compacted)
 *   index/search.idx       saved local search index of the wiki (binary, index-file.ts)
 *   gaps/questions.jsonl   questions the wiki left unanswered, choices tapped, inline results picked (rotated: .1 … .3)
 *   choices/offers.jsonl   choices offered behind buttons (bounded, compacted), so taps outlive a restart
 *   edits/replies.jsonl    recent messages and the bot's replies to them, for edits (reply-memory.ts)
 *   feedback/answers.json  the bot's recent answers (message → page) and their voters, bounded
 *   feedback/votes.jsonl   votes on pages from users' reactions, aggregate only (rotated: .1 … .3)
 *   models/usage.jsonl     model calls and their tokens, by model, agent and account (rotated: .1 … .3)
 *   groups/upgrades.json   groups upgraded to supergroups (old id → new id per account), bounded
 *   unanswered/digests.json  when each agent's editors' digest was last sent
 *   conversations/turns.json  each conversation's last turns and the answers that ended them, bounded
 */
export interface StateLayout {
  root: string;
  pairingFile: string;
  pairingLock: string;
  journalDir: string;
  journalFile(account: string): string;
  indexFile: string;
  gapLogFile: string;
  choiceFile: string;
  replyMemoryFile: string;
  answerMapFile: string;
  feedbackLogFile: string;
  modelUsageFile: string;
  upgradesFile: string;
  digestsFile: string;
  conversationFile: string;
}

export function createStateLayout(stateDir: string): StateLayout {
  const root = resolve(stateDir);
  const journalDir = join(root, "journal");
  return {
    root,
    pairingFile: join(root, "pairing.json"),
    pairingLock: join(root, "pairing.lock"),
    journalDir,
    journalFile: (account) => join(journalDir, `${account}.log`),
    indexFile: join(root, "index", "search.idx"),
    gapLogFile: join(root, "gaps", "questions.jsonl"),
    choiceFile: join(root, "choices", "offers.jsonl"),
    replyMemoryFile: join(root, "edits", "replies.jsonl"),
    answerMapFile: join(root, "feedback", "answers.json"),
    feedbackLogFile: join(root, "feedback", "votes.jsonl"),
    modelUsageFile: join(root, "models", "usage.jsonl"),
    upgradesFile: join(root, "groups", "upgrades.json"),
    digestsFile: join(root, "unanswered", "digests.json"),
    conversationFile: join(root, "conversations", "turns.json"),
  };
}
