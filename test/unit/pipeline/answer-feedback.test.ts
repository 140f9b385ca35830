import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ReactionEvent } from "../../../src/core/reaction-event.js";
import { createLogger } from "../../../src/log/logger.js";
import { createAnswerFeedback } from "../../../src/pipeline/answer-feedback.js";
import type { RuntimeConfig } from "../../../src/pipeline/runtime-config.js";
import { resolveAccountPolicy } from "../../../src/policy/evaluate.js";
import { openAnswerMap } from "../../../src/state/answer-map.js";
import type { VoteRecord } from "../../../src/state/feedback-log.js";
import { account } from "../policy/fixtures.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const GROUP = -1001;
const ADA = 111;
const EVE = 222;
const log = createLogger({ level: "silent" });

function setup() {
  dir = mkdtempSync(join(tmpdir(), "wg-feedback-"));
  const runtime = {
    config: {},
    policies: new Map([
      [
        "default",
        resolveAccountPolicy(
          account({
            groupAllowFrom: [String(ADA)],
            // Topic 7 of the forum admits only Eve.
            groups: { [GROUP]: { topics: { "7": { allowFrom: [String(EVE)] } } } },
          }),
        ),
      ],
    ]),
    agents: new Map(),
  } as unknown as RuntimeConfig;
  const records: Array<Omit<VoteRecord, "v" | "at">> = [];
  const counted: Array<Record<string, unknown>> = [];
  const ignored: Array<Record<string, unknown>> = [];
  const answers = openAnswerMap({ file: join(dir, "answers.json") });
  const feedback = createAnswerFeedback({
    runtime: () => runtime,
    isApproved: () => false,
    answers,
    votes: { append: (r) => records.push(r) },
    metrics: {
      votes: { inc: (labels) => counted.push(labels) },
      reactionsIgnored: { inc: (labels) => ignored.push(labels) },
    },
  });
  return { feedback, records, counted, ignored, answers };
}

const react = (messageId: number, newEmoji: string[], userId = ADA): ReactionEvent => ({
  account: "default",
  updateId: 1,
  chatId: GROUP,
  chatType: "supergroup",
  messageId,
  userId,
  userIsBot: false,
  oldEmoji: [],
  newEmoji,
  date: 1,
});
const backup = { path: "guides/backup", locale: "en", title: "Backups" };
const row = (sign: string, delta: number) => ({
  agent: "main",
  page: { path: "guides/backup", title: "Backups" },
  sign,
  delta,
});

describe("reactions as votes on answers", () => {
  it("judges a reaction by the rules of the forum topic the answer went to", () => {
    const { feedback, records, ignored } = setup();
    feedback.answered({ account: "default", chatId: GROUP, threadId: 7, forum: true }, "main", backup, [60]);
    feedback.react(react(60, ["👍"]), log); // Ada: the group admits her, topic 7 does not
    expect(records).toEqual([]);
    expect(ignored).toEqual([{ account: "default", reason: "group-sender-not-allowed" }]);
    feedback.react(react(60, ["👍"], EVE), log);
    expect(records).toEqual([row("positive", 1)]);
  });

  it("casts, changes and withdraws one vote per user and answer, on every chunk of the answer", () => {
    const { feedback, records, counted } = setup();
    feedback.answered({ account: "default", chatId: GROUP }, "main", backup, [50, 51]);
    feedback.react(react(50, ["👍"]), log);
    feedback.react(react(51, ["❤"]), log);
    expect(records).toEqual([row("positive", 1), row("positive", 1)]);
    records.length = 0;
    feedback.react(react(50, ["🔥"]), log); // still positive: nothing changes
    expect(records).toEqual([]);
    feedback.react(react(50, ["👎"]), log);
    expect(records).toEqual([row("positive", -1), row("negative", 1)]);
    feedback.react(react(50, []), log);
    expect(records).toEqual([row("positive", -1), row("negative", 1), row("negative", -1)]);
    expect(counted.at(-1)).toEqual({
      account: "default",
      agent: "main",
      sign: "negative",
      change: "withdrawn",
    });
    expect(JSON.stringify(records)).not.toContain(String(ADA));
  });

  it("ignores a user the group does not allow, reactions on other messages, and emoji that are no vote", () => {
    const { feedback, records, ignored } = setup();
    feedback.answered({ account: "default", chatId: GROUP }, "main", backup, [50]);
    feedback.react(react(50, ["👎"], EVE), log);
    feedback.react(react(49, ["👍"]), log);
    feedback.react(react(50, ["😁"]), log);
    const { userId: _user, ...anonymous } = react(50, ["👍"]);
    feedback.react({ ...anonymous, actorChatId: GROUP }, log);
    expect(records).toEqual([]);
    expect(ignored.map((l) => l.reason)).toEqual([
      "group-sender-not-allowed",
      "not-an-answer",
      "not-a-vote",
      "sender-is-channel",
    ]);
  });

  it("a mixed set withdraws the vote (it says nothing clear)", () => {
    const { feedback, records } = setup();
    feedback.answered({ account: "default", chatId: GROUP }, "main", backup, [50]);
    feedback.react(react(50, ["👍"]), log);
    feedback.react(react(50, ["👍", "👎"]), log);
    expect(records).toEqual([row("positive", 1), row("positive", -1)]);
  });
});
