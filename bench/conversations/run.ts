import { existsSync } from "node:fs";
import type { AgentSettings } from "../../src/agents/agent-settings.js";
import type { Answerer } from "../../src/agents/answer.js";
import type { Earlier } from "../../src/core/conversation.js";
import { leansOn } from "../../src/agents/follow-up.js";
import { createMemoryConversations } from "../../src/pipeline/conversation-store.js";
import { createMemoryWiki, loadTldrPages, type MemoryWiki } from "../../packages/sandbox/src/memory-wiki.js";
import { findTldrTranslations } from "../../packages/sandbox/src/tldr-corpus.js";
import { readReplayFixture } from "../../packages/sandbox/src/model/index.js";
import { writeResults } from "../lib/results.js";
import { round } from "../lib/stats.js";
import { translatedWikiPages } from "../answer-quality/languages.js";
import { benchAgent } from "../answer-quality/model-sets.js";
import { countingMeter } from "../answer-quality/model-quality.js";
import { startReplay } from "../answer-quality/replay-model.js";
import { answererOn } from "../answer-quality/with-model.js";
import { rankOf } from "../answer-quality/run.js";
import { type ConversationLocale, type SplitConversation, splitConversations } from "./conversation-sets.js";
import { turnOf } from "./turn-of.js";

/** The recorded model's replies to bench/conversations/model-prompts.jsonl. */
export const CONVERSATION_FIXTURE = "bench/conversations/model-replies.jsonl";

/** How the next message reaches the answerer: alone, as the next message of a DM, or as a reply to the answer. */
type Route = "alone" | "next" | "reply";
const ROUTES: readonly Route[] = ["alone", "next", "reply"];

interface Tally {
  followUps: number;
  followUpsRight: number;
  switches: number;
  switchesRight: number;
  /** Messages a model call failed for (no recorded reply): answered as without it. */
  floor: number;
}

interface Miss {
  route: Route;
  first: string;
  next: string;
  kind: string;
  got: string[];
}

/**
 * One set, one part, one route, with or without the model: each conversation's first question is
 * answered, its turn kept in a conversation store as the pipeline keeps it (a DM's key, and the
 * answer's message id for a reply), then the next message is answered with the turns the route
 * finds. Right: the first page of the next answer is one of its answers.
 */
async function measureRoute(
  answerer: Answerer,
  agent: AgentSettings,
  conversations: readonly SplitConversation[],
  route: Route,
  failures: () => number,
  misses: Miss[],
): Promise<Tally> {
  const tally: Tally = { followUps: 0, followUpsRight: 0, switches: 0, switchesRight: 0, floor: 0 };
  const store = createMemoryConversations();
  let messageId = 0;
  for (const conversation of conversations) {
    const key = `bench|${++messageId}`;
    const answered = { account: "bench", chatId: 1, messageId };
    const before = failures();
    const first = await answerer.answer(conversation.first.question, agent, { account: "bench" });
    await store.add(key, turnOf(conversation.first.question, first, Date.now()), [], [answered]);
    const earlier: Earlier =
      route === "alone"
        ? []
        : route === "next"
          ? // As the pipeline: a next message that stands on its own is asked as if first.
            leansOn(conversation.next.question)
            ? await store.earlier(key, 30 * 60_000)
            : []
          : await store.chain(answered);
    const next = await answerer.answer(conversation.next.question, agent, { account: "bench", earlier });
    if (failures() > before) tally.floor += 1;
    const got = next.sources.map((s) => s.path);
    const right = rankOf(conversation.next, got) === 0;
    if (conversation.kind === "follow-up") {
      tally.followUps += 1;
      if (right) tally.followUpsRight += 1;
    } else {
      tally.switches += 1;
      if (right) tally.switchesRight += 1;
    }
    if (!right)
      misses.push({
        route,
        first: conversation.first.question,
        next: conversation.next.question,
        kind: conversation.kind,
        got: got.slice(0, 3),
      });
  }
  return tally;
}

/** The wiki and agent each set is asked of: English of the English tldr, Russian of its translation. */
export async function wikiFor(
  locale: ConversationLocale,
): Promise<{ wiki: MemoryWiki; agent: AgentSettings } | undefined> {
  if (locale === "en") return { wiki: await loadTldrPages(), agent: benchAgent };
  const dir = findTldrTranslations();
  if (!dir) return undefined;
  return {
    wiki: createMemoryWiki(await translatedWikiPages(dir)),
    agent: { ...benchAgent, id: `bench-${locale}`, locale, locales: [locale] },
  };
}

const pct = (n: number, of: number) => (of === 0 ? "—" : `${round((n / of) * 100, 1)} % (${n}/${of})`);

/**
 * `npm run bench -- conversations [--part dev|test]`: follow-ups right and topic switches right,
 * for each set and route, without a model and (when bench/conversations/model-replies.jsonl holds
 * recorded replies) with the recorded model's rewrite. Reports the test part unless told.
 */
export async function runConversations(options: { part?: "dev" | "test"; verbose?: boolean } = {}) {
  const part = options.part ?? "test";
  const fixture = existsSync(CONVERSATION_FIXTURE) ? readReplayFixture(CONVERSATION_FIXTURE) : undefined;
  const counting = countingMeter();
  const replay = fixture ? await startReplay(fixture, counting.meter) : undefined;
  const rows: Array<Array<string | number>> = [];
  const data: Record<string, unknown> = {};
  const misses: Miss[] = [];
  try {
    for (const locale of ["en", "ru"] as const) {
      const world = await wikiFor(locale);
      if (!world) continue;
      const conversations = splitConversations(locale).filter((c) => c.part === part);
      const modes = [
        { name: "no model", answerer: await answererOn(world.wiki, undefined), agent: world.agent },
        ...(replay
          ? [
              {
                name: "recorded model (rewrite)",
                answerer: await answererOn(world.wiki, replay.client),
                agent: { ...world.agent, model: "replay", modelUse: "rewrite" as const },
              },
            ]
          : []),
      ];
      for (const mode of modes)
        for (const route of ROUTES) {
          const tally = await measureRoute(
            mode.answerer,
            mode.agent,
            conversations,
            route,
            counting.failures,
            mode.name === "no model" ? misses : [],
          );
          data[`${locale} ${mode.name} ${route}`] = tally;
          rows.push([
            locale,
            mode.name,
            route,
            pct(tally.followUpsRight, tally.followUps),
            pct(tally.switchesRight, tally.switches),
            tally.floor,
          ]);
        }
    }
  } finally {
    await replay?.close();
  }
  if (options.verbose) for (const m of misses) process.stderr.write(`${JSON.stringify(m)}\n`);
  const table = writeResults(
    `conversations-${part}`,
    { part, fixture: fixture ? CONVERSATION_FIXTURE : null, data },
    {
      title: `Conversations (${part} part): the next message's first page right`,
      columns: [
        "set",
        "mode",
        "next message",
        "follow-ups right",
        "topic switches right",
        "model calls failed",
      ],
      rows,
      notes: [
        "alone: the next message asked without its conversation; next: as the next message of the DM; reply: as a reply to the first answer.",
        `Command: npm run bench -- conversations${part === "test" ? "" : " --part dev"}`,
      ],
    },
  );
  return { table };
}
