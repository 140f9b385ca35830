import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import type { Reply } from "../../../src/core/reply.js";
import { createMemoryConversations } from "../../../src/pipeline/conversation-store.js";
import { conversationKey, createConversations, startsOver } from "../../../src/pipeline/conversations.js";
import { openConversationFile } from "../../../src/state/conversation-file.js";
import { conversationStoreContract } from "../../helpers/conversation-store-contract.js";
import { privateMessage } from "../../helpers/inbound.js";

const agent = resolveAgentSettings(
  "main",
  { section: "", locale: "en", editors: [], answerLength: 1200 },
  "http://w",
);
const tar = { path: "tldr/common/tar", locale: "en", title: "tar" };
const answer = (searched?: string): Reply => ({
  kind: "answer",
  chunks: ["tar"],
  page: tar,
  ...(searched === undefined ? {} : { searched }),
});
const inGroup = (text: string, senderId: number, extra: Partial<InboundMessage> = {}): InboundMessage => ({
  ...privateMessage(text, senderId),
  chatId: -100,
  chatType: "supergroup",
  ...extra,
});

function world(file?: string) {
  let now = 1_000_000;
  const store = createMemoryConversations({
    ...(file ? { file: openConversationFile({ file }) } : {}),
    now: () => now,
    saveEveryMs: 5,
  });
  const conversations = createConversations({ store, now: () => now });
  return { store, conversations, later: (ms: number) => void (now += ms) };
}

describe("conversations in memory, saved in the state directory", () => {
  conversationStoreContract("memory", () => {
    const file = openConversationFile({
      file: join(mkdtempSync(join(tmpdir(), "conversations-")), "turns.json"),
    });
    const clock = { now: 1_000_000 };
    const open = () => createMemoryConversations({ file, now: () => clock.now, saveEveryMs: 5 });
    return { open, reopen: open, clock };
  });
});

describe("conversations", () => {
  it("a DM's next question follows the turn before it, with what was searched and the page answered", async () => {
    const { conversations } = world();
    const first = privateMessage("how do i pack a folder into a tarball", 7);
    await conversations.record(first, [], answer("tar archive pack"), [11]);
    const earlier = await conversations.earlier(privateMessage("and how do i unpack it?", 7), agent);
    expect(earlier).toEqual([
      {
        question: "how do i pack a folder into a tarball",
        searched: "tar archive pack",
        pages: [tar],
        at: 1_000_000,
      },
    ]);
  });

  it("a next message that stands on its own is asked as if first; a reply to an answer always follows it", async () => {
    const { conversations } = world();
    await conversations.record(privateMessage("how do i restore a backup", 7), [], answer(), [11]);
    expect(await conversations.earlier(privateMessage("how do I restore a backup", 7), agent)).toEqual([]);
    expect(
      await conversations.earlier(privateMessage("where is the onboarding checklist kept", 7), agent),
    ).toEqual([]);
    const reply = {
      ...privateMessage("where is the onboarding checklist kept", 7),
      repliesToBot: true,
      repliedToId: 11,
    };
    expect(await conversations.earlier(reply, agent)).toHaveLength(1);
  });

  it("expires after the agent's quiet spell; 0 makes every message stand alone", async () => {
    const { conversations, later } = world();
    await conversations.record(privateMessage("list docker containers", 7), [], answer(), [11]);
    later(29 * 60_000);
    expect(await conversations.earlier(privateMessage("and stop one?", 7), agent)).toHaveLength(1);
    expect(
      await conversations.earlier(privateMessage("and stop one?", 7), { ...agent, conversationQuietMs: 0 }),
    ).toEqual([]);
    later(2 * 60_000);
    expect(await conversations.earlier(privateMessage("and stop one?", 7), agent)).toEqual([]);
  });

  it("in a group, two members (and one member in two topics) do not mix", async () => {
    const { conversations } = world();
    await conversations.record(inGroup("list docker containers", 1), [], answer(), [21]);
    expect(await conversations.earlier(inGroup("and stop one?", 2), agent)).toEqual([]);
    expect(await conversations.earlier(inGroup("and stop one?", 1, { threadId: 5 }), agent)).toEqual([]);
    expect(await conversations.earlier(inGroup("and stop one?", 1), agent)).toHaveLength(1);
    expect(conversationKey(inGroup("x", 1))).not.toBe(conversationKey(inGroup("x", 2)));
  });

  it("a reply to an answer follows that answer's question however long ago, also for another member", async () => {
    const { conversations, later } = world();
    await conversations.record(inGroup("how do i pack a folder into a tarball", 1), [], answer(), [31, 32]);
    await conversations.record(inGroup("generate an ssh key", 1), [], answer(), [33]);
    later(5 * 60 * 60_000);
    const reply = inGroup("and unpack it?", 2, { repliesToBot: true, repliedToId: 32 });
    expect((await conversations.earlier(reply, agent)).map((t) => t.question)).toEqual([
      "how do i pack a folder into a tarball",
    ]);
  });

  it("keeps the last three turns; commands, errors and edits make none", async () => {
    const { conversations } = world();
    let earlier = await conversations.earlier(privateMessage("and then?", 7), agent);
    for (const q of ["a", "b", "c", "d"]) {
      await conversations.record(privateMessage(q, 7), earlier, answer(), []);
      earlier = await conversations.earlier(privateMessage("and then?", 7), agent);
    }
    expect(earlier.map((t) => t.question)).toEqual(["b", "c", "d"]);
    await conversations.record(privateMessage("/recent", 7), earlier, { kind: "command", chunks: ["x"] }, []);
    await conversations.record(privateMessage("e", 7), earlier, { kind: "error", chunks: ["x"] }, []);
    expect(
      (await conversations.earlier(privateMessage("and then?", 7), agent)).map((t) => t.question),
    ).toEqual(["b", "c", "d"]);
  });

  it("/new alone starts over; /new with a page to create does not", async () => {
    const { conversations } = world();
    await conversations.record(privateMessage("list docker containers", 7), [], answer(), [11]);
    expect(startsOver(privateMessage("/new PATH TITLE", 7))).toBe(false);
    expect(startsOver(privateMessage("/new", 7))).toBe(true);
    await conversations.startOver(privateMessage("/new", 7));
    expect(await conversations.earlier(privateMessage("and stop one?", 7), agent)).toEqual([]);
    // The answer's reply chain is still there.
    const reply = { ...privateMessage("and stop one?", 7), repliesToBot: true, repliedToId: 11 };
    expect(await conversations.earlier(reply, agent)).toHaveLength(1);
  });

  it("is kept across a restart in the state directory, and a bad file is set aside", async () => {
    const dir = mkdtempSync(join(tmpdir(), "conversations-"));
    const file = join(dir, "conversations", "turns.json");
    const before = world(file);
    await before.conversations.record(
      privateMessage("list docker containers", 7),
      [],
      answer("docker ps"),
      [11],
    );
    await before.store.flush();
    const after = world(file);
    expect(await after.conversations.earlier(privateMessage("and stop one?", 7), agent)).toEqual([
      { question: "list docker containers", searched: "docker ps", pages: [tar], at: 1_000_000 },
    ]);
    const reply = { ...privateMessage("and stop one?", 7), repliesToBot: true, repliedToId: 11 };
    expect(await after.conversations.earlier(reply, agent)).toHaveLength(1);
    writeFileSync(file, "{ not json");
    const fresh = world(file);
    expect(await fresh.conversations.earlier(privateMessage("and stop one?", 7), agent)).toEqual([]);
    expect(readdirSync(join(dir, "conversations")).some((f) => f.startsWith("turns.json.corrupt-"))).toBe(
      true,
    );
  });

  it("a store that fails answers alone and says so", async () => {
    const errors: unknown[] = [];
    const failing = {
      earlier: () => Promise.reject(new Error("down")),
      chain: () => Promise.reject(new Error("down")),
      add: () => Promise.reject(new Error("down")),
      forget: () => Promise.reject(new Error("down")),
      flush: () => Promise.resolve(),
    };
    const conversations = createConversations({ store: failing, onError: (e) => errors.push(e) });
    expect(await conversations.earlier(privateMessage("and?", 7), agent)).toEqual([]);
    await conversations.record(privateMessage("q", 7), [], answer(), [1]);
    expect(errors).toHaveLength(2);
  });
});
