import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { conversationRewriteMessages } from "../../src/models/conversation-prompts.js";
import { promptKey } from "../../src/models/prompt-key.js";
import { rewriteMessages } from "../../src/models/prompts.js";
import { readReplayFixture } from "../../packages/sandbox/src/model/index.js";
import { countingMeter } from "../answer-quality/model-quality.js";
import { startReplay } from "../answer-quality/replay-model.js";
import { answererOn } from "../answer-quality/with-model.js";
import { CONVERSATION_FIXTURE, wikiFor } from "./run.js";
import { CONVERSATION_SETS, type ConversationLocale } from "./conversation-sets.js";
import { turnOf } from "./turn-of.js";

/**
 * Writes exactly the rewrite prompts the product sends for the conversation sets, one
 * {"key", "messages"} a line (no set names, no expected pages), for a model's replies to be
 * recorded into bench/conversations/model-replies.jsonl. Two rounds, since a follow-up's prompt
 * names the pages its first question was answered with: first every message asked alone (each
 * conversation's first question, and its next message); then, for every first question whose
 * reply the fixture holds, the next message's prompt with that turn, the turn made by the
 * product's answerer with the recorded reply.
 *
 *   node bench/dist/bench/conversations/dump-prompts.js [OUT]   (default bench/conversations/model-prompts.jsonl)
 */
async function dump(out: string): Promise<{ written: number; waiting: number }> {
  const fixture = existsSync(CONVERSATION_FIXTURE) ? readReplayFixture(CONVERSATION_FIXTURE) : undefined;
  const prompts = new Map<string, unknown>();
  const keep = (messages: Parameters<typeof promptKey>[0]) => prompts.set(promptKey(messages), messages);
  let waiting = 0;
  const replay = fixture ? await startReplay(fixture, countingMeter().meter) : undefined;
  try {
    for (const locale of Object.keys(CONVERSATION_SETS) as ConversationLocale[]) {
      const world = await wikiFor(locale);
      if (!world) continue;
      const agent = { ...world.agent, model: "replay", modelUse: "rewrite" as const };
      const answerer = replay ? await answererOn(world.wiki, replay.client) : undefined;
      for (const { first, next } of CONVERSATION_SETS[locale]) {
        keep(rewriteMessages(first.question, agent.locale));
        keep(rewriteMessages(next.question, agent.locale));
        if (
          !answerer ||
          fixture?.reply(promptKey(rewriteMessages(first.question, agent.locale))) === undefined
        ) {
          waiting += 1;
          continue;
        }
        const answer = await answerer.answer(first.question, agent, { account: "bench" });
        const turn = turnOf(first.question, answer, 0);
        keep(conversationRewriteMessages(next.question, agent.locale, [turn]));
      }
    }
  } finally {
    await replay?.close();
  }
  const lines = [...prompts].map(([key, messages]) => `${JSON.stringify({ key, messages })}\n`);
  writeFileSync(out, lines.join(""));
  return { written: lines.length, waiting };
}

const out = resolve(process.argv[2] ?? "bench/conversations/model-prompts.jsonl");
const { written, waiting } = await dump(out);
process.stdout.write(
  `wrote ${written} prompts to ${out}; ${waiting} follow-up prompts wait for their first question's recorded reply\n`,
);
