import { beforeEach, describe, expect, it } from "vitest";
import type { InboundMessage } from "../../../src/core/inbound-message.js";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { htmlToPlain, telegramLength } from "../../../src/agents/format/index.js";
import { createWikiAgent, type WikiAgent } from "../../../src/agents/wiki-agent.js";
import { isKnownCommand } from "../../../src/core/bot-commands.js";
import { commandMenus } from "../../../src/agents/command-menus.js";
import { privateMessage } from "../../helpers/inbound.js";
import { createMemoryLogger } from "../../../packages/sandbox/src/memory-logger.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../src/wiki/search-index/index-types.js";
import { WikiError } from "../../../src/wiki/wiki-error.js";
import { WRAPPED_FIRST_PARAGRAPH, WRAPPED_PAGE } from "../../fixtures/wrapped-page.js";
import { createMemoryWiki, type MemoryWiki } from "../../helpers/memory-wiki.js";

const EDITOR = 1001;
const READER = 2002;
const agent = resolveAgentSettings(
  "ops",
  {
    name: "Ops",
    section: "ops",
    locale: "en",
    editors: [String(EDITOR)],
    answerLength: 1200,
    greeting: "Welcome <ops>!",
  },
  "https://wiki.example.com",
);

function message(text: string, senderId = READER): InboundMessage {
  return privateMessage(text, senderId);
}

describe("wiki agent", () => {
  let wiki: MemoryWiki;
  let index: SearchIndex;
  let bot: WikiAgent;
  let logs: ReturnType<typeof createMemoryLogger>;
  const plain = async (text: string, sender?: number) => {
    const reply = await bot.handle(message(text, sender), agent);
    return { ...reply, text: reply.chunks.map(htmlToPlain).join("\n") };
  };

  beforeEach(async () => {
    wiki = createMemoryWiki([
      {
        path: "ops/vpn",
        title: "VPN access",
        description: "Getting on the VPN",
        content: "Ask IT for a WireGuard profile, then import it.",
      },
      {
        path: "ops/backup",
        title: "Backups",
        description: "Nightly backups",
        content: "Backups run with restic at 02:00.",
      },
      {
        path: "hr/salary",
        title: "Salaries",
        description: "Pay days",
        content: "Salaries are paid on the 25th.",
      },
    ]);
    index = createSearchIndex();
    await index.build(wiki);
    logs = createMemoryLogger();
    bot = createWikiAgent({ answerer: createAnswerer({ index, wiki }), index, wiki, logger: logs.logger });
  });

  it("answers a question from its section", async () => {
    const reply = await plain("how do I get wireguard vpn access");
    expect(reply.kind).toBe("answer");
    expect(reply.text).toContain("VPN access");
    expect(reply.chunks.join("")).toContain('href="https://wiki.example.com/en/ops/vpn"');
    const outside = await plain("when are salaries paid");
    expect(outside.kind).toBe("not-found");
  });

  it("/start greets (escaped) and lists the commands; /help too", async () => {
    const start = await bot.handle(message("/start"), agent);
    expect(start.chunks[0]).toContain("Welcome &lt;ops&gt;!");
    expect(htmlToPlain(start.chunks[0]!)).toContain("/search WORDS");
    expect(htmlToPlain(start.chunks[0]!)).not.toContain("/new");
    const help = await plain("/help", EDITOR);
    expect(help.text).toContain("/new PATH TITLE");
  });

  it("/start and /help name the agent as written", async () => {
    const acme = { ...agent, name: "Acme wiki" };
    delete acme.greeting;
    const start = htmlToPlain((await bot.handle(message("/start"), acme)).chunks[0]!);
    expect(start).toContain("Hello! I am Acme wiki.");
    expect(start).toContain("I answer from Acme wiki.");
    expect(start).not.toMatch(/wiki wiki/i);
    const help = htmlToPlain((await bot.handle(message("/help"), acme)).chunks[0]!);
    expect(help).toContain("I answer from Acme wiki.");
  });

  it("answers from a page wrapped like the README with each paragraph on one line", async () => {
    const handbook = createMemoryWiki([
      {
        path: "it/laptops",
        title: "Laptop handbook",
        description: "Enrolling and\nreturning laptops",
        content: WRAPPED_PAGE,
      },
      {
        path: "it/phones",
        title: "Phone handbook",
        description: "Company phones",
        content: "Company phones are enrolled in device management\nlike laptops, and wiped the same way.",
      },
    ]);
    const handbookIndex = createSearchIndex();
    await handbookIndex.build(handbook);
    const itBot = createWikiAgent({
      answerer: createAnswerer({ index: handbookIndex, wiki: handbook }),
      index: handbookIndex,
      wiki: handbook,
      logger: logs.logger,
    });
    const itAgent = { ...agent, id: "it", section: "it" };
    const ask = async (text: string) => {
      const reply = await itBot.handle(message(text), itAgent);
      return {
        ...reply,
        html: reply.chunks.join("\n"),
        lines: reply.chunks.map(htmlToPlain).join("\n").split("\n"),
      };
    };

    const answer = await ask("how is a new laptop enrolled in device management");
    expect(answer.kind).toBe("answer");
    expect(answer.html.split("\n")).toContain(WRAPPED_FIRST_PARAGRAPH);
    expect(answer.lines).toContain(WRAPPED_FIRST_PARAGRAPH);
    expect(answer.lines).toContain("Enrolling and returning laptops");
    expect(answer.lines.some((l) => l.startsWith("See also: Phone handbook"))).toBe(true);

    const page = await ask("/page laptops");
    expect(page.lines).toContain(WRAPPED_FIRST_PARAGRAPH);
    expect(page.lines).toContain("• Sign out of the password manager and of the chat app.");
    expect(page.lines).toContain("Open Monday to Friday");
    expect(page.lines).toContain("  --user you@acme.example");

    const search = await ask("/search handbook");
    expect(search.lines.some((l) => l.endsWith("— Enrolling and returning laptops"))).toBe(true);
  });

  it("/search lists matching pages with links; /page shows one; /recent lists the newest", async () => {
    const search = await plain("/search backups");
    expect(search.text).toMatch(/1\. Backups \(https:\/\/wiki\.example\.com\/en\/ops\/backup\)/);
    expect((await plain("/search")).text).toMatch(/Usage/);

    const byPath = await plain("/page vpn");
    expect(byPath.text).toContain("WireGuard");
    const byId = await plain("/page 2");
    expect(byId.text).toContain("restic");
    expect((await plain("/page 3")).text).toMatch(/No page “3” here/);
    expect((await plain("/page ../hr/salary")).text).toMatch(/No page/);
    expect((await plain("/page 99")).text).toMatch(/No page/);

    await wiki.updatePage({ id: 1, content: "Updated vpn text." });
    const recent = await plain("/recent 1");
    expect(recent.text).toContain("VPN access");
    expect(recent.text).not.toContain("Backups");
  });

  it("/search while the index is built lists the wiki's own hits, private and draft pages left out", async () => {
    wiki.add({ path: "ops/backup-keys", title: "Backup keys", content: "Key: hunter2", isPrivate: true });
    wiki.add({ path: "ops/backup-plan", title: "Backup plan", content: "Draft", isPublished: false });
    wiki.add({ path: "ops/backup-restore", title: "Backup restore", content: "Run restic restore." });
    const notReady = createSearchIndex();
    bot = createWikiAgent({
      answerer: createAnswerer({ index: notReady, wiki }),
      index: notReady,
      wiki,
      logger: logs.logger,
    });
    expect((await wiki.search("backup", "en")).map((h) => h.path)).toContain("ops/backup-keys");
    const search = await plain("/search backup");
    expect(search.text).toContain("Backup restore");
    expect(search.text).toContain("Backups");
    expect(search.text).not.toMatch(/backup-keys|Backup keys|backup-plan/);
    expect((await plain("/search keys")).text).toMatch(/No page matches/);
  });

  it("/whoami states the ids", async () => {
    const reply = await plain("/whoami");
    expect(reply.text).toBe(`Your user id: ${READER}\nThis chat id: ${READER} (private)`);
  });

  it("non-editors are refused every edit command, and nothing changes", async () => {
    for (const text of ["/new ops/x Title\nbody", "/edit vpn\nnew", "/append vpn more"]) {
      const reply = await plain(text);
      expect(reply.kind).toBe("refused");
      expect(reply.text).toMatch(/Only this wiki's editors/);
    }
    expect(wiki.calls.createPage + wiki.calls.updatePage).toBe(0);
  });

  it("an editor creates a page and the next answer finds it at once", async () => {
    const created = await plain(
      "/new printers Printer setup\nAdd the **Kyocera** printer with its IP 10.0.0.9.",
      EDITOR,
    );
    expect(created.text).toContain("Created: ");
    expect(created.text).toContain("https://wiki.example.com/en/ops/printers");
    expect(wiki.pages.get(4)).toMatchObject({ path: "ops/printers", title: "Printer setup", locale: "en" });
    const answer = await plain("how do I add the kyocera printer");
    expect(answer.kind).toBe("answer");
    expect(answer.text).toContain("10.0.0.9");
    const duplicate = await plain("/new printers Again\nx", EDITOR);
    expect(duplicate.text).toMatch(
      /^Refused: Cannot create this page because an entry already exists at the same path\. \(PageDuplicateCreate, 6002\)$/,
    );
  });

  it("an editor edits a page (tags and publication kept) and the answer reflects it", async () => {
    wiki.pages.set(1, { ...wiki.pages.get(1)!, tags: ["network"] });
    const edited = await plain("/edit ops/vpn\nWe moved to Tailscale: install the Tailscale app.", EDITOR);
    expect(edited.text).toContain("Updated: ");
    expect(wiki.pages.get(1)).toMatchObject({ tags: ["network"], isPublished: true });
    expect((await plain("how do I install tailscale")).text).toContain("Tailscale app");
    expect((await plain("wireguard profile")).kind).toBe("not-found");
  });

  it("an editor appends to a page and the answer reflects it", async () => {
    const appended = await plain("/append 2 Restore with restic restore latest.", EDITOR);
    expect(appended.text).toContain("Updated: ");
    expect(wiki.pages.get(2)!.content).toBe(
      "Backups run with restic at 02:00.\n\nRestore with restic restore latest.\n",
    );
    expect((await plain("how to restore a backup")).text).toContain("restic restore latest");
  });

  it("edits stay in the section", async () => {
    expect((await plain("/edit 3\nhacked", EDITOR)).text).toMatch(/No page/);
    expect((await plain("/new ../hr/evil Evil\nx", EDITOR)).text).toMatch(/not a path in this section/);
    const nested = await plain("/new hr/evil Evil\nbody", EDITOR);
    expect(nested.text).toContain("ops/hr/evil");
    expect(wiki.pages.get(3)!.content).toBe("Salaries are paid on the 25th.");
  });

  it("a wiki failure gives a polite reply and one log line with the remedy", async () => {
    wiki.failWith(new WikiError("wiki-unauthorized", "the wiki answered 401"));
    const reply = await plain("/page vpn");
    expect(reply.kind).toBe("error");
    expect(reply.text).toMatch(/cannot reach the wiki/);
    const lines = logs.lines().filter((l) => l.code === "wiki-unauthorized");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.remedy).toMatch(/WIKI_TOKEN_FILE/);
  });

  it("long pages come back in several messages under Telegram's limit", async () => {
    const long = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} about the network setup.`).join(
      "\n\n",
    );
    wiki.add({ path: "ops/long", title: "Long", content: long });
    const reply = await bot.handle(message("/page long"), agent);
    expect(reply.chunks.length).toBeGreaterThan(1);
    for (const chunk of reply.chunks) expect(telegramLength(chunk)).toBeLessThan(4096);
  });

  it("empty text says nothing; unknown commands point to /help", async () => {
    expect((await bot.handle(message("   "), agent)).chunks).toEqual([]);
    expect((await plain("/frobnicate")).text).toMatch(/\/help/);
  });

  it("answers every command the policy counts as known (a bare one in a group reaches the agent)", async () => {
    for (const { command } of commandMenus("en")[0]!.commands) {
      expect(isKnownCommand(command)).toBe(true);
      const text = (await plain(`/${command}`, EDITOR)).text;
      expect(text, command).not.toMatch(/I do not know/);
    }
    expect(isKnownCommand("frobnicate")).toBe(false);
  });

  it("the command menu is valid for setMyCommands", () => {
    for (const c of commandMenus("en").flatMap((m) => m.commands)) {
      expect(c.command).toMatch(/^[a-z0-9_]{1,32}$/);
      expect(c.description.length).toBeGreaterThanOrEqual(3);
      expect(c.description.length).toBeLessThanOrEqual(256);
    }
    expect(commandMenus("en")[0]!.commands.map((c) => c.command)).toEqual(
      expect.arrayContaining([
        "start",
        "help",
        "search",
        "page",
        "recent",
        "whoami",
        "new",
        "edit",
        "append",
      ]),
    );
  });
});
