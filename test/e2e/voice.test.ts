import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createSandboxModel,
  readReplayFixture,
  type SandboxModel,
} from "../../packages/sandbox/src/model/index.js";
import type { SandboxUser } from "../../packages/sandbox/src/telegram/index.js";
import { eventually } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, type StackOptions, startStack } from "../helpers/stack.js";

/**
 * Voice notes end to end: the real daemon, the Telegram stand-in holding real OGG/Opus voice notes
 * (test/fixtures/voice, made by scripts/voice-fixtures.mjs), and the model stand-in answering
 * `POST /v1/audio/transcriptions` with the transcript recorded for each file.
 */
const VOICE = new URL("../fixtures/voice/", import.meta.url);
const note = (name: string) => readFileSync(new URL(name, VOICE));
const EN = note("restore-backup.en.ogg");
const RU = note("restore-backup.ru.ogg");
const FIRST_DAY = note("first-day.en.ogg");
const voiceOf = (bytes: Buffer) => ({ media: "voice" as const, upload: { bytes, mimeType: "audio/ogg" } });

const PAGES = [
  ...DEFAULT_PAGES,
  {
    path: "guides/backup",
    locale: "ru",
    title: "Резервные копии",
    description: "Как устроены резервные копии",
    content:
      "# Резервные копии\n\n## Как восстановить резервную копию\n\nЧтобы восстановить резервную копию, выполните `restore --ru-latest`.",
  },
];

let stack: Stack | undefined;
let speech: SandboxModel | undefined;
afterEach(async () => {
  await stack?.close();
  await speech?.close();
  stack = speech = undefined;
});

async function start(
  o: {
    agent?: Record<string, unknown>;
    stack?: StackOptions;
    speechUrl?: string;
    env?: Record<string, string>;
  } = {},
) {
  speech = createSandboxModel({
    apiKey: "speech-key-42",
    models: ["whisper-1"],
    fixture: readReplayFixture(new URL("transcripts.jsonl", VOICE).pathname),
  });
  const baseUrl = o.speechUrl ?? (await speech.listen());
  stack = await startStack({
    pages: PAGES,
    ...o.stack,
    config: {
      agents: { main: { locale: ["en", "ru"], speechToText: "speech", ...o.agent } },
      models: {
        speech: { baseUrl, model: "whisper-1", apiKeyFile: "speech.key", timeoutMs: 2000 },
      },
    },
  });
  writeFileSync(join(stack.dir, "speech.key"), "speech-key-42\n");
  return stack;
}

async function daemonUp(current: Stack, env?: Record<string, string>) {
  const daemon = await current.startDaemon(env ? { env } : {});
  await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);
  return daemon;
}

/** A user the account's allowFrom lists, added before the daemon starts. */
function listedUser(current: Stack, spec: { firstName: string; languageCode?: string }): SandboxUser {
  const user = current.telegram.addUser(spec);
  const config = current.config() as { accounts: { default: { allowFrom: string[] } } };
  config.accounts.default.allowFrom.push(String(user.id));
  current.writeConfig(config);
  return user;
}

function replyTo(current: Stack, messageId: number, chatId: number) {
  const bot = current.bots.default!.username;
  return current.telegram.waitForSent(
    (m) => m.bot === bot && m.chatId === chatId && m.replyToMessageId === messageId,
    15_000,
  );
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe("voice notes (daemon, Telegram, wiki and speech stand-ins)", () => {
  it("answers a voice note in a DM from the right page, in English and in Russian, with what was heard first", async () => {
    const current = await start();
    const olga = listedUser(current, { firstName: "Olga", languageCode: "ru" });
    const daemon = await daemonUp(current);
    const bot = current.bots.default!.username;
    const { telegram, user } = current;

    const en = telegram.userSays({ from: user.id, chat: { bot }, ...voiceOf(EN) });
    const answer = await replyTo(current, en.messageId, user.id);
    expect(answer.text.startsWith("🎤 «How do I restore the latest backup?»")).toBe(true);
    expect(answer.text).toMatch(/restore --latest/);

    const ru = telegram.userSays({ from: olga.id, chat: { bot }, ...voiceOf(RU) });
    const otvet = await replyTo(current, ru.messageId, olga.id);
    expect(otvet.text.startsWith("🎤 «Как восстановить резервную копию?»")).toBe(true);
    expect(otvet.text).toMatch(/restore --ru-latest/);

    // What reached the speech server: the file as Telegram sent it, the model, the asker's language.
    const [first, second] = speech!.transcriptions();
    expect(first).toMatchObject({
      model: "whisper-1",
      responseFormat: "json",
      fileName: "audio.ogg",
      mimeType: "audio/ogg",
      bytes: EN.length,
      authorization: "Bearer speech-key-42",
    });
    expect(second).toMatchObject({ language: "ru", bytes: RU.length });
    // The download went through getFile's path; the token never reached the log.
    expect(telegram.downloads()).toHaveLength(2);
    expect(daemon.logs()).not.toContain(botToken(current));
    expect(daemon.logs()).not.toContain("/file/bot");

    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toMatch(
      /wiki_gateway_transcriptions_total\{account="default",agent="main",outcome="ok"\} 2/,
    );
    expect(metrics).toMatch(
      /wiki_gateway_transcribed_audio_seconds_total\{account="default",agent="main"\} [1-9]/,
    );
  });

  it("never downloads nor sends a stranger's voice note, and refuses one too long in one line", async () => {
    const current = await start({ agent: { voiceMaxSeconds: 2 } });
    const daemon = await daemonUp(current);
    const bot = current.bots.default!.username;
    const { telegram, user, stranger } = current;

    telegram.userSays({ from: stranger.id, chat: { bot }, ...voiceOf(EN) });
    await quiet();
    expect(telegram.sent({ bot }).filter((m) => m.chatId === stranger.id)).toEqual([]);
    expect(telegram.calls({ bot, method: "getFile" })).toEqual([]);
    expect(telegram.downloads()).toEqual([]);
    expect(speech!.transcriptions()).toEqual([]);

    const long = telegram.userSays({ from: user.id, chat: { bot }, ...voiceOf(EN) });
    const refused = await replyTo(current, long.messageId, user.id);
    expect(refused.text).toBe(
      "This voice note is longer than 0:02, too long for me to listen to: please type the question, or ask it in a shorter one.",
    );
    expect(telegram.downloads()).toEqual([]);
    expect(speech!.transcriptions()).toEqual([]);
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toMatch(
      /wiki_gateway_transcriptions_total\{account="default",agent="main",outcome="too_long"\} 1/,
    );
  });

  it("tells the asker in one line when the speech server is down or too slow, and answers typed questions meanwhile", async () => {
    const current = await start();
    const daemon = await daemonUp(current);
    const bot = current.bots.default!.username;
    const { telegram, user } = current;

    speech!.transcriptionFault({ delayMs: 4000 });
    const slow = telegram.userSays({ from: user.id, chat: { bot }, ...voiceOf(EN) });
    const late = await replyTo(current, slow.messageId, user.id);
    expect(late.text).toBe("I couldn't make out the voice note: please type the question.");

    await speech!.close();
    const down = telegram.userSays({ from: user.id, chat: { bot }, ...voiceOf(FIRST_DAY) });
    const failed = await replyTo(current, down.messageId, user.id);
    expect(failed.text).toBe("I couldn't make out the voice note: please type the question.");

    const typed = telegram.userSays({ from: user.id, chat: { bot }, text: "how do I restore a backup?" });
    expect((await replyTo(current, typed.messageId, user.id)).text).toMatch(/restore --latest/);
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toMatch(/outcome="timeout"\} 1/);
    expect(metrics).toMatch(
      /wiki_gateway_transcriptions_total\{account="default",agent="main",outcome="failed"\} 1/,
    );
  });
});

describe("a kill -9 mid-transcription", () => {
  it("answers the voice note once after the restart", async () => {
    const current = await start();
    const first = await daemonUp(current);
    const bot = current.bots.default!.username;
    const { telegram, user } = current;
    speech!.transcriptionFault({ delayMs: 1900 });
    const said = telegram.userSays({ from: user.id, chat: { bot }, ...voiceOf(EN) });
    await eventually(() => speech!.transcriptions().length === 1, 10_000);
    await first.stop("SIGKILL");
    speech!.transcriptionFault({});
    await daemonUp(current);
    const answer = await replyTo(current, said.messageId, user.id);
    expect(answer.text.startsWith("🎤 «How do I restore the latest backup?»")).toBe(true);
    await quiet();
    expect(telegram.sent({ bot }).filter((m) => m.replyToMessageId === said.messageId)).toHaveLength(1);
    // Heard again after the restart: the transcript is not kept in the journal.
    expect(speech!.transcriptions()).toHaveLength(2);
  });
});

describe("voice notes in groups: the same policy as text", () => {
  it("hears every voice note of a mention-free group, only replies to the bot under requireMention, none where voice is off", async () => {
    const current = await start({ stack: { privacy: false } });
    const { telegram, user, stranger, group } = current;
    const bot = current.bots.default!.username;
    const members = [user.id, stranger.id];
    const talk = telegram.addGroup({ title: "Talk", members, bots: [bot] });
    const quietGroup = telegram.addGroup({ title: "Quiet", members, bots: [bot] });
    const config = current.config() as { accounts: { default: { groups: Record<string, unknown> } } };
    config.accounts.default.groups = {
      [String(group.id)]: { requireMention: true },
      [String(talk.id)]: { requireMention: false },
      [String(quietGroup.id)]: { requireMention: false, voice: false },
    };
    current.writeConfig(config);
    const daemon = await daemonUp(current);
    const denied = (reason: string) =>
      daemon.waitForLog((l) => l.msg === "message denied" && l.reason === reason, 10_000);

    const inTalk = telegram.userSays({ from: user.id, chat: talk.id, ...voiceOf(EN) });
    const heard = await replyTo(current, inTalk.messageId, talk.id);
    expect(heard.text.startsWith("🎤 «How do I restore the latest backup?»")).toBe(true);
    expect(heard.text).toMatch(/restore --latest/);

    telegram.userSays({ from: user.id, chat: quietGroup.id, ...voiceOf(EN) });
    await denied("voice-off");
    telegram.userSays({ from: user.id, chat: group.id, ...voiceOf(FIRST_DAY) });
    await denied("not-addressed");
    expect(telegram.downloads()).toHaveLength(1);
    expect(speech!.transcriptions()).toHaveLength(1);

    const asked = telegram.userSays({
      from: user.id,
      chat: group.id,
      text: `@${bot} how do I restore a backup?`,
    });
    const answer = await replyTo(current, asked.messageId, group.id);
    const followUp = telegram.userSays({
      from: user.id,
      chat: group.id,
      replyTo: answer.chatMessageId ?? answer.messageId,
      ...voiceOf(FIRST_DAY),
    });
    const second = await replyTo(current, followUp.messageId, group.id);
    expect(second.text.startsWith("🎤 «What should I do on my first day?»")).toBe(true);
    expect(second.text).toMatch(/ask for a laptop/);
    expect(telegram.downloads()).toHaveLength(2);
  });
});

/** The default account's bot token, as the stack wrote it for the daemon. */
function botToken(current: Stack): string {
  const config = current.config() as { accounts: { default: { botTokenFile: string } } };
  return readFileSync(resolve(current.dir, config.accounts.default.botTokenFile), "utf8").trim();
}
