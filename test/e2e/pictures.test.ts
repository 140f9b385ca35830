import { deflateSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createSandboxModel, type SandboxModel } from "../../packages/sandbox/src/model/index.js";
import { eventually } from "../helpers/daemon.js";
import { DEFAULT_PAGES, type Stack, startStack } from "../helpers/stack.js";

/**
 * Pictures without a caption, end to end: shown to a model whose entry says `images: true` (the
 * model stand-in), refused politely without one. The stand-in's reply to the picture prompt is
 * scripted here: this machine has no tool to record a model reading a picture.
 */
const PAGES = [
  ...DEFAULT_PAGES,
  {
    path: "guides/git-merge",
    title: "Merging unrelated histories",
    description: "When git refuses a merge",
    content:
      "# Merging unrelated histories\n\nWhen git says fatal: refusing to merge unrelated histories, pull with `git pull --allow-unrelated-histories`.",
  },
];

/** A small real PNG (solid grey, 64×32): what Telegram would hand on as a photo's bytes. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])));
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0);
  header.writeUInt32BE(32, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(32 * 65, 0x80);
  for (let y = 0; y < 32; y++) rows[y * 65] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

let stack: Stack | undefined;
let model: SandboxModel | undefined;
afterEach(async () => {
  await stack?.close();
  await model?.close();
  stack = model = undefined;
});

async function start(images: boolean) {
  model = createSandboxModel({ models: ["vision-1"] });
  const baseUrl = await model.listen();
  stack = await startStack({
    pages: PAGES,
    config: {
      agents: { main: { model: "vision", modelUse: "rewrite" } },
      models: { vision: { baseUrl, model: "vision-1", timeoutMs: 2000, images } },
    },
  });
  const daemon = await stack.startDaemon();
  await eventually(async () => (await fetch(`${daemon.httpUrl}/readyz`)).status === 200, 20_000);
  return { daemon, bot: stack.bots.default!.username };
}

const photo = () => ({
  media: "photo" as const,
  upload: { bytes: png(), mimeType: "image/png", width: 64, height: 32 },
});

describe("pictures without a caption (daemon, Telegram, wiki and model stand-ins)", () => {
  it("reads a screenshot through a model that sees images, shows what it read, and answers from the page", async () => {
    const { daemon, bot } = await start(true);
    const { telegram, user } = stack!;
    model!.script({ content: "fatal: refusing to merge unrelated histories" });
    const said = telegram.userSays({ from: user.id, chat: { bot }, ...photo() });
    const answer = await telegram.waitForSent(
      (m) => m.bot === bot && m.replyToMessageId === said.messageId,
      15_000,
    );
    expect(answer.text.startsWith("📷 «fatal: refusing to merge unrelated histories»")).toBe(true);
    expect(answer.text).toMatch(/allow-unrelated-histories/);
    const [read] = model!.received();
    const parts = read!.messages.at(-1)!.content as unknown as Array<{
      type: string;
      image_url?: { url: string };
    }>;
    expect(parts.map((p) => p.type)).toEqual(["text", "image_url"]);
    expect(parts[1]!.image_url!.url).toBe(`data:image/png;base64,${png().toString("base64")}`);
    const metrics = await (await fetch(`${daemon.httpUrl}/metrics`)).text();
    expect(metrics).toMatch(/wiki_gateway_model_calls_total\{model="vision",purpose="read",outcome="ok"\} 1/);
  });

  it("asks for a caption when the agent's model does not see images, and sends the picture nowhere", async () => {
    const { bot } = await start(false);
    const { telegram, user } = stack!;
    const said = telegram.userSays({ from: user.id, chat: { bot }, ...photo() });
    const answer = await telegram.waitForSent(
      (m) => m.bot === bot && m.replyToMessageId === said.messageId,
      15_000,
    );
    expect(answer.text).toBe("I can't read pictures: please add your question as a caption, or type it.");
    expect(model!.received()).toEqual([]);
    expect(telegram.downloads()).toEqual([]);
  });
});
