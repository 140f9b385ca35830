import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { type BotCommand, type CommandContext, runCommand } from "../../../src/agents/commands/registry.js";
import { helpText } from "../../../src/agents/commands/read-commands.js";
import { BOT_COMMANDS } from "../../../src/core/bot-commands.js";
import { textsIn } from "../../../src/i18n/index.js";
import { createLogger } from "../../../src/log/logger.js";
import { group, dm } from "../policy/fixtures.js";

const agent = resolveAgentSettings("ops", undefined, "https://wiki.example.com");
const context = (over: Partial<CommandContext> = {}): CommandContext => ({
  msg: dm({ text: "/x", args: "", command: "x" }),
  agent,
  editor: false,
  args: "",
  deps: { index: {} as never, wiki: {} as never, logger: createLogger({ level: "silent" }) },
  texts: textsIn("en"),
  ...over,
});
const command = (over: Partial<BotCommand>): BotCommand => ({
  id: "x",
  command: "x",
  inHelp: false,
  usage: "/x",
  who: "everyone",
  where: "both",
  run: ({ args }) => `ran with <b>${args}</b>`,
  ...over,
});

describe("running a command of the registry", () => {
  it("runs the entry's handler with the context; its reply is split into messages", async () => {
    const reply = await runCommand("x", context({ args: "words" }), [command({})]);
    expect(reply).toEqual({ kind: "command", chunks: ["ran with <b>words</b>"] });
  });

  it("an editors' command from anyone else is refused, saying how to become an editor", async () => {
    const commands = [command({ who: "editors" })];
    const refused = await runCommand("x", context(), commands);
    expect(refused.kind).toBe("refused");
    expect(refused.chunks.join("")).toMatch(/editors.*\/whoami/);
    expect((await runCommand("x", context({ editor: true }), commands)).kind).toBe("command");
  });

  it("a command answered in one place only says where, elsewhere", async () => {
    const inGroup = context({ msg: group({ text: "/x", args: "", command: "x" }) });
    const dmOnly = await runCommand("x", inGroup, [command({ where: "dm" })]);
    expect(dmOnly).toEqual({ kind: "refused", chunks: ["/x works in a private chat with me only."] });
    const groupOnly = await runCommand("x", context(), [command({ where: "group" })]);
    expect(groupOnly).toEqual({ kind: "refused", chunks: ["/x works in groups only."] });
    expect((await runCommand("x", inGroup, [command({ where: "group" })])).kind).toBe("command");
  });

  it("an unknown command points to /help", async () => {
    const reply = await runCommand("frobnicate", context(), [command({})]);
    expect(reply).toEqual({
      kind: "command",
      chunks: ["I do not know /frobnicate. Send /help for what I can do."],
    });
  });
});

describe("/help from the registry", () => {
  const listed = (who: string) => BOT_COMMANDS.filter((c) => c.inHelp && c.who === who);

  it("lists every command with a help line (its English usage first), the editors' ones for editors only", () => {
    const reader = helpText(agent, false);
    const editor = helpText(agent, true);
    for (const c of listed("everyone")) {
      expect(reader).toContain(`${c.usage} — `);
      expect(editor).toContain(c.usage);
    }
    for (const c of listed("editors")) {
      expect(reader).not.toContain(c.usage);
      expect(editor).toContain(`${c.usage} — `);
    }
    expect(editor).toContain("You are an editor:");
    expect(reader).not.toContain("/start");
  });

  it("speaks the asker's language: Russian arguments, the editors' heading, the usage messages", async () => {
    const ru = textsIn("ru");
    const help = helpText(agent, true, ru);
    expect(help).toContain("/search СЛОВА — страницы по этим словам");
    expect(help).toContain("Вы редактор, вам доступны ещё команды:");
    expect(help).toContain("/append ID|ПУТЬ ТЕКСТ — добавить ТЕКСТ в конец страницы");
    const refused = await runCommand("x", context({ texts: ru }), [command({ who: "editors" })]);
    expect(refused.chunks.join("")).toMatch(/^Менять страницы могут только редакторы/);
    const unknown = await runCommand("frobnicate", context({ texts: textsIn("zh") }), [command({})]);
    expect(unknown.chunks).toEqual(["我不认识 /frobnicate 这个命令。发送 /help 看看我能做什么。"]);
  });
});
