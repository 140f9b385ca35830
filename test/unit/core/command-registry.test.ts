import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BOT_COMMANDS, botCommand, isKnownCommand } from "../../../src/core/bot-commands.js";
import { commandMenus } from "../../../src/agents/command-menus.js";

/**
 * The docs' command table ("| command | who | what |") must name exactly the registry's commands,
 * each written as its usage and with its audience. It lives in docs/answers-and-commands.md, or,
 * before that page exists, in the README.
 */
const PAGE = new URL("../../../docs/answers-and-commands.md", import.meta.url);
const README = new URL("../../../README.md", import.meta.url);
const docs = readFileSync(existsSync(PAGE) ? PAGE : README, "utf8");

interface Row {
  usages: string[];
  who: string;
}

function commandTable(text: string): Row[] {
  const lines = text.split("\n");
  const header = lines.findIndex((l) => /^\|\s*command\s*\|\s*who\s*\|\s*what\s*\|$/.test(l.trim()));
  expect(header, "the docs have a command table (| command | who | what |)").toBeGreaterThan(-1);
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    const usages = [...cells[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\\\|/g, "|"));
    rows.push({ usages, who: cells[1]! });
  }
  return rows;
}

const nameOf = (usage: string) => /^\/([a-z0-9_]+)/.exec(usage)?.[1] ?? usage;

describe("the bot-command registry", () => {
  it("the docs' command table names each command once, as its usage, with who may run it", () => {
    const rows = commandTable(docs);
    const documented = rows.flatMap((r) => r.usages.map((usage) => ({ usage, who: r.who })));
    expect(documented.map((d) => nameOf(d.usage)).sort()).toEqual(BOT_COMMANDS.map((c) => c.command).sort());
    for (const { usage, who } of documented) {
      const entry = botCommand(nameOf(usage))!;
      expect(usage, entry.command).toBe(entry.usage);
      expect(who, entry.command).toBe(entry.who === "editors" ? "editors" : "anyone");
    }
  });

  it("the menu, the known commands and the entries are one list", () => {
    for (const menu of commandMenus("en"))
      expect(menu.commands.map((c) => c.command)).toEqual(BOT_COMMANDS.map((c) => c.command));
    for (const c of BOT_COMMANDS) {
      expect(isKnownCommand(c.command)).toBe(true);
      expect(c.usage.startsWith(`/${c.command}`), c.id).toBe(true);
    }
    expect(new Set(BOT_COMMANDS.map((c) => c.id)).size).toBe(BOT_COMMANDS.length);
    expect(new Set(BOT_COMMANDS.map((c) => c.command)).size).toBe(BOT_COMMANDS.length);
    expect(isKnownCommand("warn")).toBe(false);
  });
});
